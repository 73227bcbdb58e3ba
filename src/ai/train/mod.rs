//! `mapello train`: the learned evaluation's data and weights, made
//! reproducibly from a seed (native only).

pub(crate) mod data;
pub(crate) mod fit;
pub(crate) mod patterns;

#[cfg(test)]
mod tests;
