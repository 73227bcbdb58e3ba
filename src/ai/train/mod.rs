//! `mapello train`: the learned evaluation's data and weights, made
//! reproducibly from a seed (native only).

pub mod data;
pub mod fit;

#[cfg(test)]
mod tests;
