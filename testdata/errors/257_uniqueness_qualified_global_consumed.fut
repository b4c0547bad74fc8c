-- A top-level array reached through a module path is not the definition's to consume.
-- ==
-- error: Consuming variable "defaults", which is not consumable

module settings = {
  def defaults : []i32 = [1, 2, 3]
}

def reset (arr: *[]i32) : *[]i32 = arr with [0] = 0

def main (b: bool) : []i32 = if b then reset settings.defaults else []
