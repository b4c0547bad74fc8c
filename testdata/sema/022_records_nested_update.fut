-- Records: nested record update with a field path.

type config = {grid: {w: i64, h: i64}, iters: i32}

def default_config : config = {grid = {w = 64, h = 64}, iters = 10}

def wider (c: config) : config = c with grid.w = c.grid.w * 2

def cells (c: config) : i64 = c.grid.w * c.grid.h
