//! The runtime: device selection and program builds ([`device`]), the
//! host program's interpreter ([`exec`]) and kernel launches ([`launch`]).

pub mod device;
pub mod exec;
pub mod launch;
