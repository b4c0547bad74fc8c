//! The runtime: device selection and program builds ([`device`]), the
//! host program's interpreter ([`exec`]), kernel launches ([`launch`])
//! and the buffers kept for reuse ([`pool`]).

pub mod device;
pub mod exec;
pub mod launch;
pub mod pool;
