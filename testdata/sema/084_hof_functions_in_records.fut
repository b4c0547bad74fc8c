-- Higher-order: functions stored in records and tuples (not arrays).

type^ ops = {combine: i32 -> i32 -> i32, neutral: i32}

def sum_ops : ops = {combine = (+), neutral = 0}
def max_ops : ops = {combine = i32.max, neutral = i32.lowest}

def fold_with (o: ops) (xs: []i32) : i32 = reduce o.combine o.neutral xs

def both (xs: []i32) = (fold_with sum_ops xs, fold_with max_ops xs)
