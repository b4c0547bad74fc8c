//! Tiled SegMaps (`Kernel::tile`, `runic_kernels::tile`): a work-group
//! covers a block of neighbouring points of the space (`64 x 64` points
//! of its last two dimensions with `16 x 16` threads, each thread `4 x 4`
//! points strided by 16, for rows and columns only; `16 x 16` points of
//! as many threads when some array is read directly; 256 consecutive
//! points of its last dimension in 1-D) and folds its redomap tile by
//! tile. Per tile, the threads copy the block's rows and columns of the
//! shared arrays into local memory (consecutive threads, consecutive
//! elements: coalesced), meet at a barrier, and each thread folds the
//! tile's elements in order from local memory into an accumulator per
//! point (a row's element is the same for the threads of a row of the
//! group, a column's are consecutive for consecutive threads: no bank
//! conflicts; each element read serves `reg` points), then meet again
//! before the next copy.
//!
//! What the lambda computes before the redomap (the prelude) and after
//! it (the postlude) runs once per point; points past the edge of the
//! space run on its last point (the same code, reading valid memory) and
//! store nothing; elements past the end of the reduction are copied as
//! zeros and not folded.
//!
//! Arguments as a SegMap's; the runtime launches `Tiling::groups(sizes)`
//! groups of `Tiling::group_size()` threads.

use runic_core::ir::{Exp, Lambda, Screma, SubExp, VarId};
use runic_core::Program;
use runic_kernels::ir::{Kernel, KernelKind};
use runic_kernels::tile::{TileRead, Tiling};
use runic_sema::types::PrimType;

use super::scalar::c_type;
use super::thread::Thread;
use super::values::{var_name, Val};
use super::{bind_rows, out_params, store_results, thread_start};
use super::{AssertInfo, KernelCode};

type Gen<T = ()> = Result<T, String>;

/// One point a thread computes: the C names of its indices, whether it is
/// inside the space, where it sits in the block (per tiled dimension),
/// and the values its prelude bound.
struct Point {
    gtids: Vec<String>,
    in_range: String,
    at: Vec<i64>,
    vals: Vec<(VarId, Val)>,
}

/// The kernel of a tiled SegMap.
pub fn kernel(p: &Program, k: &Kernel, asserts: &mut Vec<AssertInfo>) -> Gen<(String, KernelCode)> {
    let (
        Some(tiling),
        KernelKind::SegMap {
            space,
            arrs,
            lambda,
        },
    ) = (&k.tile, &k.kind)
    else {
        return Err("internal error: a tiled kernel is a segmap".into());
    };
    let (mut params, mut t) = thread_start(p, k, asserts);
    let outs = out_params(lambda, space.len(), &mut params);
    let sizes = space
        .iter()
        .map(|(_, n)| t.val(*n).map(|v| v.scalar()))
        .collect::<Gen<Vec<_>>>()?;
    let blocks = block_indices(&mut t, tiling, &sizes);
    let stms = &lambda.body.stms;
    let mut bound: Vec<VarId> = lambda.params.clone();
    bound.extend(space.iter().map(|(g, _)| *g));
    for s in &stms[..tiling.at] {
        bound.extend(s.pat.ctx.iter().chain(&s.pat.vals));
    }
    let mut points = Vec::new();
    for (q, at) in offsets(tiling).into_iter().enumerate() {
        t.suffix = format!("_q{q}");
        let point = point_indices(&mut t, tiling, space, &sizes, &blocks, &at);
        bind_rows(&mut t, arrs, lambda, &point.gtids)?;
        for s in &stms[..tiling.at] {
            t.stm_pub(s)?;
        }
        let vals = bound
            .iter()
            .map(|v| Ok((*v, t.val(SubExp::Var(*v))?)))
            .collect::<Gen<Vec<_>>>()?;
        points.push(Point { vals, ..point });
    }
    let (locals, accs) = fold_tiles(&mut t, tiling, lambda, &points)?;
    for (q, (point, accs)) in points.iter().zip(accs).enumerate() {
        t.suffix = format!("_r{q}");
        restore(&mut t, point);
        t.bind_results(&stms[tiling.at].pat, accs, false);
        for s in &stms[tiling.at + 1..] {
            t.stm_pub(s)?;
        }
        let results = lambda
            .body
            .result
            .iter()
            .map(|r| t.val(*r))
            .collect::<Gen<Vec<_>>>()?;
        t.e.open(&format!("if ({}) {{", point.in_range));
        store_results(&mut t, &outs, &results, &point.gtids);
        t.e.close();
    }
    let text = format!(
        "__kernel void {}({}) {{\n{}{}}}\n\n",
        k.name,
        params.join(", "),
        locals,
        t.e.out
    );
    Ok((
        text,
        KernelCode {
            entries: vec![k.name.clone()],
            allocates: false,
            group: false,
        },
    ))
}

/// Every point's place in its thread's share of the block: per tiled
/// dimension, which of the thread's `reg` points it is.
fn offsets(tiling: &Tiling) -> Vec<Vec<i64>> {
    let mut out = vec![Vec::new()];
    for _ in 0..tiling.dims {
        out = out
            .into_iter()
            .flat_map(|at| {
                (0..tiling.reg).map(move |r| {
                    let mut at = at.clone();
                    at.push(r);
                    at
                })
            })
            .collect();
    }
    out
}

/// Declares the thread's local indices (`ly`, `lx`) and the group's
/// index along each dimension of the space (the block's, for tiled
/// ones); gives their C names.
fn block_indices(t: &mut Thread, tiling: &Tiling, sizes: &[String]) -> Vec<String> {
    let sides = tiling.sides();
    let tx = sides[sides.len() - 1];
    t.e.line("long grest = get_group_id(0), ltid = get_local_id(0);");
    t.e.line(&format!("long ly = ltid / {tx}, lx = ltid % {tx};"));
    t.e.line("long hstart = 0, hp = 0, hend = 0;");
    let outer = sizes.len() - tiling.dims;
    let block = tiling.block();
    let mut names = vec![String::new(); sizes.len()];
    for (d, n) in sizes.iter().enumerate().rev() {
        let count = match d.checked_sub(outer) {
            Some(i) => format!("(({n}) + {} - 1) / {}", block[i], block[i]),
            None => n.clone(),
        };
        names[d] = format!("blk{d}");
        if d == 0 {
            t.e.line(&format!("long blk{d} = grest;"));
        } else {
            t.e.line(&format!(
                "long blk{d} = grest % ({count}); grest /= ({count});"
            ));
        }
    }
    names
}

/// Declares a point's indices (clamped to the space) and whether it is
/// inside the space; binds the SegMap's indices to them.
fn point_indices(
    t: &mut Thread,
    tiling: &Tiling,
    space: &[(VarId, SubExp)],
    sizes: &[String],
    blocks: &[String],
    at: &[i64],
) -> Point {
    let outer = space.len() - tiling.dims;
    let sides = tiling.sides();
    let block = tiling.block();
    let mut conds = Vec::new();
    let mut gtids = Vec::new();
    for (d, ((g, _), n)) in space.iter().zip(sizes).enumerate() {
        let name = format!("{}{}", var_name(*g), t.suffix);
        let blk = &blocks[d];
        match d.checked_sub(outer) {
            Some(i) => {
                let local = if d + 1 == space.len() { "lx" } else { "ly" };
                let off = at[i] * sides[i];
                t.e.line(&format!(
                    "long {name} = {blk} * {} + {local} + {off};",
                    block[i]
                ));
                conds.push(format!("{name} < ({n})"));
                t.e.line(&format!("{name} = min({name}, ({n}) - 1);"));
            }
            None => t.e.line(&format!("long {name} = {blk};")),
        }
        t.set(*g, Val::S(name.clone(), PrimType::I64));
        gtids.push(name);
    }
    let in_range = format!("in_range{}", t.suffix);
    t.e.line(&format!("bool {in_range} = {};", conds.join(" && ")));
    Point {
        gtids,
        in_range,
        at: at.to_vec(),
        vals: Vec::new(),
    }
}

/// Makes a point's prelude values the current ones.
fn restore(t: &mut Thread, point: &Point) {
    for (v, x) in &point.vals {
        t.set(*v, x.clone());
    }
}

/// A tile in local memory: its C name, how the group reads it, and the
/// points whose arrays it is copied from (one per row or column of the
/// thread's share).
struct Tile {
    name: String,
    read: TileRead,
    arr: VarId,
    prim: PrimType,
}

/// Emits the loop over the tiles of the redomap at `tiling.at`; gives the
/// declarations of the local memory it uses (at the kernel's scope) and
/// each point's accumulators.
fn fold_tiles(
    t: &mut Thread,
    tiling: &Tiling,
    lambda: &Lambda,
    points: &[Point],
) -> Gen<(String, Vec<Vec<Val>>)> {
    let s = &lambda.body.stms[tiling.at];
    let Exp::Screma(sc) = &s.exp else {
        return Err("internal error: a tiled statement is a redomap".into());
    };
    let side = tiling.sides()[tiling.dims - 1];
    let w = t.val(sc.w)?.scalar();
    let mut locals = String::new();
    let mut tiles = Vec::new();
    for (j, (a, read)) in sc.arrs.iter().zip(&tiling.reads).enumerate() {
        let prim = t.e.p.ty(*a).prim;
        let name = format!("tile{j}");
        if *read != TileRead::Direct {
            let cells = tiling.group_size() * tiling.reg;
            locals.push_str(&format!("  __local {} {name}[{cells}];\n", c_type(prim)));
        }
        tiles.push(Tile {
            name,
            read: *read,
            arr: *a,
            prim,
        });
    }
    let mut accs = Vec::new();
    for q in 0..points.len() {
        t.suffix = format!("_a{q}");
        let mut cells = Vec::new();
        for (n, ty) in sc.reds[0].neutral.iter().zip(&sc.map.ret) {
            let v = t.val(*n)?;
            let name = t.e.fresh("acc");
            cells.push(t.e.bind_new(&name, ty, &v));
        }
        accs.push(cells);
    }
    t.e.open(&format!("for (long t0 = 0; t0 < ({w}); t0 += {side}) {{"));
    copy_tiles(t, tiling, &tiles, points, &w);
    t.e.line("barrier(CLK_LOCAL_MEM_FENCE);");
    // A whole tile with a constant bound (the compiler unrolls it), the
    // last one with what is left.
    t.e.open(&format!("if (t0 + {side} <= ({w})) {{"));
    fold(t, tiling, &tiles, sc, points, &accs, &side.to_string())?;
    t.e.close();
    t.e.open("else {");
    fold(t, tiling, &tiles, sc, points, &accs, &format!("({w}) - t0"))?;
    t.e.close();
    t.e.line("barrier(CLK_LOCAL_MEM_FENCE);");
    t.e.close();
    Ok((locals, accs))
}

/// The row (or column) of a tile a point's elements sit in: `ly` or
/// `lx` plus its offset in the thread's share.
fn lane(tiling: &Tiling, point: &Point, read: TileRead) -> String {
    let sides = tiling.sides();
    let last = tiling.dims - 1;
    match read {
        TileRead::Row if tiling.dims == 2 => format!("(ly + {})", point.at[0] * sides[0]),
        TileRead::Row => "0".into(),
        _ => format!("(lx + {})", point.at[last] * sides[last]),
    }
}

/// Whether a point is the one of its row (column) that copies the row
/// (column) of a tile: the first of the thread's share along the other
/// dimension.
fn copies(tiling: &Tiling, point: &Point, read: TileRead) -> bool {
    match read {
        TileRead::Row => point.at.last().is_none_or(|c| *c == 0 || tiling.dims == 1),
        TileRead::Col => point.at[0] == 0,
        TileRead::Direct => false,
    }
}

/// Copies the current tile of each shared array: a row tile is `K`
/// elements of each row of the block (thread `lx` copies element
/// `t0 + lx`), a column tile `K` elements of each column (thread `ly`
/// copies element `t0 + ly`), zeros past the end.
fn copy_tiles(t: &mut Thread, tiling: &Tiling, tiles: &[Tile], points: &[Point], w: &str) {
    let side = tiling.sides()[tiling.dims - 1];
    let width = side * tiling.reg;
    for tile in tiles {
        for point in points.iter().filter(|p| copies(tiling, p, tile.read)) {
            let (k, slot) = match tile.read {
                TileRead::Row => (
                    "lx",
                    format!("{} * {side} + lx", lane(tiling, point, tile.read)),
                ),
                TileRead::Col => (
                    "ly",
                    format!("ly * {width} + {}", lane(tiling, point, tile.read)),
                ),
                TileRead::Direct => continue,
            };
            let Some(Val::A(view)) = point
                .vals
                .iter()
                .find(|(v, _)| *v == tile.arr)
                .map(|(_, x)| x.clone())
                .or_else(|| t.val(SubExp::Var(tile.arr)).ok())
            else {
                continue;
            };
            let elem = view.at(&[format!("t0 + {k}")]);
            t.e.line(&format!(
                "{}[{slot}] = (t0 + {k} < ({w})) ? {elem} : 0;",
                tile.name
            ));
        }
    }
}

/// Folds `bound` elements of the current tile into each point's
/// accumulators.
fn fold(
    t: &mut Thread,
    tiling: &Tiling,
    tiles: &[Tile],
    sc: &Screma,
    points: &[Point],
    accs: &[Vec<Val>],
    bound: &str,
) -> Gen {
    let side = tiling.sides()[tiling.dims - 1];
    let width = side * tiling.reg;
    t.e.open(&format!("for (long k = 0; k < {bound}; k++) {{"));
    // Each point's elements, read once per row and column of the share.
    let mut read: Vec<(String, String)> = Vec::new();
    for (q, point) in points.iter().enumerate() {
        restore(t, point);
        let elems = tiles
            .iter()
            .map(|tile| {
                let at = match tile.read {
                    TileRead::Row => {
                        format!(
                            "{}[{} * {side} + k]",
                            tile.name,
                            lane(tiling, point, tile.read)
                        )
                    }
                    TileRead::Col => {
                        format!(
                            "{}[k * {width} + {}]",
                            tile.name,
                            lane(tiling, point, tile.read)
                        )
                    }
                    TileRead::Direct => match t.val(SubExp::Var(tile.arr))? {
                        Val::A(view) => view.at(&["t0 + k".to_string()]),
                        Val::S(..) => return Err("internal error: a redomap over a scalar".into()),
                    },
                };
                let reg = match read.iter().find(|(a, _)| *a == at) {
                    Some((_, r)) => r.clone(),
                    None => {
                        let r = t.e.fresh("e");
                        t.e.line(&format!("{} {r} = {at};", c_type(tile.prim)));
                        read.push((at, r.clone()));
                        r
                    }
                };
                Ok(Val::S(reg, tile.prim))
            })
            .collect::<Gen<Vec<Val>>>()?;
        t.suffix = format!("_f{q}");
        let mapped = t.apply(&sc.map, elems)?;
        let mut args = accs[q].clone();
        args.extend(mapped);
        let next = t.apply(&sc.reds[0].lambda, args)?;
        for (a, n) in accs[q].iter().zip(&next) {
            t.e.assign(a, n);
        }
    }
    t.e.close();
    Ok(())
}
