-- Module system: size-lifted (`type~`) and lifted (`type^`) abstract types in signatures.

module type bag = {
  type~ t
  val of_array [n]: [n]i32 -> t
  val count: t -> i64
}

module filtered_bag : bag = {
  type~ t = []i32
  def of_array (xs: []i32) : t = filter (!= 0) xs
  def count (b: t) = length b
}

module type action = { type^ act val run: act -> i32 -> i32 }
module fn_action : action = { type^ act = i32 -> i32 def run (f: act) (x: i32) = f x }

def n = filtered_bag.count (filtered_bag.of_array [0, 1, 2])
