-- Polymorphism: parameter types left to inference are generalised.

def compose f g x = f (g x)

def twice f x = f (f x)

def flip f a b = f b a

def test_compose = compose (+ 1i32) (* 2) 5
def test_twice = twice (\(x: f64) -> x * x) 3
def test_flip = flip (-) 1i64 10
