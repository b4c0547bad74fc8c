//! Round trips through Futhark's value formats: any scalar or regular array
//! printed as text (or written as binary) reads back as the same value, and
//! several values in one stream read back in order, formats mixed.

use std::rc::Rc;

use proptest::prelude::*;
use runic_eval::binary::{read_all, write};
use runic_eval::prim::{convert, from_f64};
use runic_eval::text::show_value;
use runic_eval::value::{Array, Prim, Value};
use runic_sema::types::PrimType;

fn prim_of(t: PrimType, bits: u64, float: f64) -> Prim {
    if t.is_float() {
        from_f64(float, t)
    } else {
        convert(Prim::U64(bits), t)
    }
}

fn any_float() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>(),
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        -1e6f64..1e6,
        Just(-0.0),
    ]
}

/// A value: a prim type, a shape of up to three dimensions, and elements.
fn any_value() -> impl Strategy<Value = (PrimType, Value)> {
    (
        prop::sample::select(PrimType::ALL.to_vec()),
        prop::collection::vec(0i64..4, 0..3),
    )
        .prop_flat_map(|(t, shape)| {
            let count = shape.iter().product::<i64>() as usize;
            prop::collection::vec((any::<u64>(), any_float()), count).prop_map(move |elems| {
                let data: Vec<Value> = elems
                    .into_iter()
                    .map(|(bits, float)| Value::Prim(prim_of(t, bits, float)))
                    .collect();
                let value = if shape.is_empty() {
                    data.into_iter().next().expect("one scalar")
                } else {
                    Value::Array(Rc::new(Array::new(shape.clone(), data)))
                };
                (t, value)
            })
        })
}

/// Values equal bit for bit (NaN included), as text shows them.
fn same(a: &Value, b: &Value, t: PrimType) -> bool {
    a.shape() == b.shape() && show_value(a, Some(t)) == show_value(b, Some(t))
}

proptest! {
    #[test]
    fn text_round_trip((t, value) in any_value()) {
        let text = show_value(&value, Some(t));
        let read = read_all(text.as_bytes()).expect("printed values read back");
        prop_assert_eq!(read.len(), 1);
        prop_assert_eq!(read[0].prim, t);
        prop_assert!(same(&read[0].value, &value, t), "{} read back as {}", text, show_value(&read[0].value, Some(t)));
    }

    #[test]
    fn binary_round_trip((t, value) in any_value()) {
        let mut bytes = Vec::new();
        write(&mut bytes, &value, t).expect("scalars and arrays have a binary form");
        let read = read_all(&bytes).expect("written values read back");
        prop_assert_eq!(read.len(), 1);
        prop_assert_eq!(read[0].prim, t);
        prop_assert!(same(&read[0].value, &value, t));
    }

    #[test]
    fn streams_of_mixed_formats(values in prop::collection::vec(any_value(), 1..5)) {
        let mut stream = Vec::new();
        for (i, (t, v)) in values.iter().enumerate() {
            if i % 2 == 0 {
                write(&mut stream, v, *t).unwrap();
            } else {
                stream.extend_from_slice(show_value(v, Some(*t)).as_bytes());
            }
            stream.push(b'\n');
        }
        let read = read_all(&stream).expect("the stream reads back");
        prop_assert_eq!(read.len(), values.len());
        for (r, (t, v)) in read.iter().zip(&values) {
            prop_assert!(same(&r.value, v, *t));
        }
    }
}

#[test]
fn binary_layout_is_futharks() {
    // b, version 2, rank 1, " i32", one dimension of 2 (u64 LE), then 1 and 2.
    let value = Value::array_of(vec![Value::Prim(Prim::I32(1)), Value::Prim(Prim::I32(2))]);
    let mut bytes = Vec::new();
    write(&mut bytes, &value, PrimType::I32).unwrap();
    let mut expected = vec![b'b', 2, 1, b' ', b'i', b'3', b'2'];
    expected.extend_from_slice(&2u64.to_le_bytes());
    expected.extend_from_slice(&1i32.to_le_bytes());
    expected.extend_from_slice(&2i32.to_le_bytes());
    assert_eq!(bytes, expected);
}

#[test]
fn text_details() {
    let read = |s: &str| {
        read_all(s.as_bytes()).map(|vs| {
            vs.iter()
                .map(|v| show_value(&v.value, Some(v.prim)))
                .collect::<Vec<_>>()
        })
    };
    // The first element's suffix types the whole array; underscores and hex.
    assert_eq!(
        read("[1i64, 2, 0x10] 1_000u16 -f32.inf").unwrap(),
        vec!["[1i64, 2i64, 16i64]", "1000u16", "-f32.inf"]
    );
    assert_eq!(
        read("empty([2][0]f64) \"ab\"").unwrap(),
        vec!["empty([2][0]f64)", "[97u8, 98u8]"]
    );
    assert!(read("[1, 2.5f32]").is_err());
    assert!(read("[[1], [2, 3]]").is_err());
    assert!(read("b\u{2}\u{1} i32").is_err());
}
