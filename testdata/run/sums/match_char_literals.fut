-- description: matching bytes of a string against character literals (counting vowels).
-- ==
-- input { "functional" } output { 4 }
-- input { "xyz" } output { 0 }

def is_vowel (c: u8) = match c case 'a' -> true case 'e' -> true case 'i' -> true case 'o' -> true case 'u' -> true case _ -> false

def main (s: []u8) = reduce (+) 0 (map (\c -> i32.bool (is_vowel c)) s)
