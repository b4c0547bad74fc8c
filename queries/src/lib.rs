//! The salsa database of Runic: inputs hold the ground truth (file texts),
//! tracked functions derive everything else.
