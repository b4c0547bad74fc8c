-- A spec's non-lifted type refined to a size-lifted parameter type: the
-- module's size-lifted definition is the same type, so it matches.

module type container = {
  type elem
  type box 'elem
  val wrap : elem -> box elem
}

module boxes (P: {type~ elem}) : container with elem = P.elem = {
  type~ elem = P.elem
  type box 'elem = (bool, elem)
  def wrap (e: elem) = (true, e)
}

module int_boxes = boxes {type elem = i32}
module array_boxes = boxes {type~ elem = ?[n].[n]u8}

def one = int_boxes.wrap 1i32
def two = [array_boxes.wrap [1u8, 2u8], array_boxes.wrap [3u8, 4u8]]
