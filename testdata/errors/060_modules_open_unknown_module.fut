-- `open` of an unknown module inside a module body: `helpers` does not exist.
-- ==
-- error: Unknown name "helpers"

module util = {
  open helpers
  def twice (x: i32) = x * 2
}
