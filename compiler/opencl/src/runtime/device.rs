//! Choosing a device and building programs for it.
//!
//! A GPU is preferred, then a CPU device (PoCL), over every platform;
//! `--device NAME` picks the first device whose name or platform's name
//! contains NAME (case-insensitively), so that a machine with several
//! platforms (PoCL and NVIDIA) can be told which. Built programs are kept
//! on disk, keyed by a hash of the source, the device and its driver, in
//! `$RUNIC_CACHE_DIR` (or `$XDG_CACHE_HOME/runic/opencl`, or
//! `~/.cache/runic/opencl`), and in memory for the process's lifetime.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::rc::Rc;

use opencl3::command_queue::CommandQueue;
use opencl3::context::Context;
use opencl3::device::{Device as ClDevice, CL_DEVICE_TYPE_CPU, CL_DEVICE_TYPE_GPU};
use opencl3::platform::get_platforms;
use opencl3::program::Program;

/// An OpenCL device with its context and queue.
pub struct Device {
    pub device: ClDevice,
    pub context: Context,
    pub queue: CommandQueue,
    /// `device name (platform name)`.
    pub name: String,
    /// The driver version, part of the cache key.
    driver: String,
    pub max_group: usize,
    /// Bytes of work-group local memory.
    pub local_mem: usize,
    /// Compute units (streaming multiprocessors, CPU cores).
    pub compute_units: usize,
    /// Freed buffers kept for reuse.
    pub pool: Rc<super::pool::Pool>,
    programs: RefCell<HashMap<u64, Rc<Program>>>,
}

/// The devices of every platform: (device, platform name, is a GPU).
fn all_devices() -> Result<Vec<(ClDevice, String, bool)>, String> {
    let platforms =
        get_platforms().map_err(|e| format!("no OpenCL platform is available ({e})"))?;
    let mut out = Vec::new();
    for p in platforms {
        let pname = p.name().unwrap_or_default();
        for (kind, gpu) in [(CL_DEVICE_TYPE_GPU, true), (CL_DEVICE_TYPE_CPU, false)] {
            if let Ok(ids) = p.get_devices(kind) {
                for id in ids {
                    out.push((ClDevice::new(id), pname.clone(), gpu));
                }
            }
        }
    }
    Ok(out)
}

/// Whether any OpenCL device exists (what `--backend auto` asks).
pub fn available() -> bool {
    all_devices().is_ok_and(|d| !d.is_empty())
}

/// The device to run on: the first whose name or platform contains
/// `wanted`, else the first GPU, else the first CPU device; with its name,
/// `device name (platform name)`.
fn choose(wanted: Option<&str>) -> Result<(ClDevice, String), String> {
    let mut devices = all_devices()?;
    if devices.is_empty() {
        return Err("no OpenCL device is available".into());
    }
    let chosen = match wanted {
        Some(w) => {
            let w = w.to_lowercase();
            let names: Vec<String> = devices
                .iter()
                .map(|(d, p, _)| format!("{} ({p})", d.name().unwrap_or_default()))
                .collect();
            let Some(k) = names.iter().position(|n| n.to_lowercase().contains(&w)) else {
                return Err(format!(
                    "no OpenCL device matches `{w}`; devices: {}",
                    names.join(", ")
                ));
            };
            devices.swap_remove(k)
        }
        None => {
            let k = devices.iter().position(|(_, _, gpu)| *gpu).unwrap_or(0);
            devices.swap_remove(k)
        }
    };
    let (device, platform, _) = chosen;
    let name = format!("{} ({platform})", device.name().unwrap_or_default());
    Ok((device, name))
}

/// The name of the device [`select_device`] would take, without opening
/// it (what an editor shows before anything runs).
pub fn device_name(wanted: Option<&str>) -> Result<String, String> {
    choose(wanted).map(|(_, name)| name)
}

/// The device to run on (see [`choose`]), opened: a context and a queue.
pub fn select_device(wanted: Option<&str>) -> Result<Device, String> {
    let (device, name) = choose(wanted)?;
    let context = Context::from_device(&device).map_err(|e| format!("cannot use {name}: {e}"))?;
    #[allow(deprecated)]
    let queue =
        CommandQueue::create_default(&context, 0).map_err(|e| format!("cannot use {name}: {e}"))?;
    let driver = device.driver_version().unwrap_or_default();
    // The largest power of two a work-group may have, at most 256.
    let max_group = device.max_work_group_size().unwrap_or(256).clamp(1, 256);
    let max_group = 1usize << (usize::BITS - 1 - max_group.leading_zeros());
    let local_mem = device.local_mem_size().unwrap_or(16 * 1024) as usize;
    let compute_units = device.max_compute_units().unwrap_or(1).max(1) as usize;
    let memory = device.global_mem_size().unwrap_or(1 << 30) as usize;
    Ok(Device {
        device,
        context,
        queue,
        name,
        driver,
        max_group,
        local_mem,
        compute_units,
        pool: super::pool::Pool::new(memory / 4),
        programs: RefCell::new(HashMap::new()),
    })
}

fn cache_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("RUNIC_CACHE_DIR") {
        return Some(PathBuf::from(d));
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("runic").join("opencl"))
}

const OPTIONS: &str = "-cl-std=CL1.2 -w";

impl Device {
    /// The program built from `source` for this device: from memory, from
    /// the disk cache, or built now (and cached).
    pub fn program(&self, source: &str) -> Result<Rc<Program>, String> {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        source.hash(&mut h);
        self.name.hash(&mut h);
        self.driver.hash(&mut h);
        let key = h.finish();
        if let Some(p) = self.programs.borrow().get(&key) {
            return Ok(p.clone());
        }
        let path = cache_dir().map(|d| d.join(format!("{key:016x}.bin")));
        let cached = path
            .as_ref()
            .and_then(|p| std::fs::read(p).ok())
            .and_then(|bin| {
                Program::create_and_build_from_binary(&self.context, &[&bin], OPTIONS).ok()
            });
        let program = match cached {
            Some(p) => p,
            None => {
                let p = Program::create_and_build_from_source(&self.context, source, OPTIONS)
                    .map_err(|log| {
                        format!(
                            "the OpenCL program failed to build on {}:\n{log}",
                            self.name
                        )
                    })?;
                if let (Some(path), Ok(bins)) = (&path, p.get_binaries()) {
                    if let Some(bin) = bins.first().filter(|b| !b.is_empty()) {
                        if let Some(dir) = path.parent() {
                            let _ = std::fs::create_dir_all(dir);
                        }
                        let tmp = path.with_extension(format!("tmp{}", std::process::id()));
                        if std::fs::write(&tmp, bin).is_ok() {
                            let _ = std::fs::rename(&tmp, path);
                        }
                    }
                }
                p
            }
        };
        let program = Rc::new(program);
        self.programs.borrow_mut().insert(key, program.clone());
        Ok(program)
    }
}
