//! Special functions the standard library lacks: the gamma function (Lanczos
//! approximation), its logarithm, the digamma function (its logarithmic
//! derivative, for differentiation), and the error function (series near
//! zero, continued fraction in the tails).

use std::f64::consts::PI;

const LANCZOS_G: f64 = 7.0;
const LANCZOS: [f64; 9] = [
    0.999_999_999_999_809_9,
    676.520_368_121_885_1,
    -1_259.139_216_722_402_8,
    771.323_428_777_653_1,
    -176.615_029_162_140_6,
    12.507_343_278_686_905,
    -0.138_571_095_265_720_12,
    9.984_369_578_019_572e-6,
    1.505_632_735_149_311_6e-7,
];

/// The gamma function.
pub fn gamma(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x == x.floor() && x <= 0.0 {
        return f64::NAN;
    }
    if x < 0.5 {
        return PI / ((PI * x).sin() * gamma(1.0 - x));
    }
    if x > 171.7 {
        return f64::INFINITY;
    }
    let x = x - 1.0;
    let t = x + LANCZOS_G + 0.5;
    let sum = LANCZOS[1..]
        .iter()
        .enumerate()
        .fold(LANCZOS[0], |acc, (i, c)| acc + c / (x + i as f64 + 1.0));
    (2.0 * PI).sqrt() * t.powf(x + 0.5) * (-t).exp() * sum
}

/// The natural logarithm of the absolute value of the gamma function.
pub fn lgamma(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x == x.floor() && x <= 0.0 {
        return f64::INFINITY;
    }
    if x < 0.5 {
        return (PI / (PI * x).sin().abs()).ln() - lgamma(1.0 - x);
    }
    let x = x - 1.0;
    let t = x + LANCZOS_G + 0.5;
    let sum = LANCZOS[1..]
        .iter()
        .enumerate()
        .fold(LANCZOS[0], |acc, (i, c)| acc + c / (x + i as f64 + 1.0));
    0.5 * (2.0 * PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

/// The digamma function `d/dx ln Γ(x)`: reflection below 1/2, the
/// recurrence `ψ(x) = ψ(x + 1) - 1/x` up to 10, then the asymptotic series.
pub fn digamma(x: f64) -> f64 {
    if x.is_nan() || (x == x.floor() && x <= 0.0) {
        return f64::NAN;
    }
    if x < 0.5 {
        return digamma(1.0 - x) - PI / (PI * x).tan();
    }
    let mut x = x;
    let mut shift = 0.0;
    while x < 10.0 {
        shift -= 1.0 / x;
        x += 1.0;
    }
    let r = 1.0 / (x * x);
    let series =
        r * (1.0 / 12.0 - r * (1.0 / 120.0 - r * (1.0 / 252.0 - r * (1.0 / 240.0 - r / 132.0))));
    shift + x.ln() - 0.5 / x - series
}

/// The error function.
pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.abs() < 2.5 {
        // Maclaurin series: 2/sqrt(pi) * sum (-1)^n x^(2n+1) / (n! (2n+1)).
        let mut term = x;
        let mut sum = x;
        let x2 = x * x;
        for n in 1..200 {
            term *= -x2 / n as f64;
            let add = term / (2 * n + 1) as f64;
            sum += add;
            if add.abs() < 1e-17 * sum.abs() {
                break;
            }
        }
        return sum * 2.0 / PI.sqrt();
    }
    let tail = erfc_tail(x.abs());
    if x > 0.0 {
        1.0 - tail
    } else {
        tail - 1.0
    }
}

/// The complementary error function, `1 - erf x`.
pub fn erfc(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x < 0.5 {
        return 1.0 - erf(x);
    }
    erfc_tail(x)
}

/// `erfc x` for `x >= 0.5` by Lentz's continued fraction.
fn erfc_tail(x: f64) -> f64 {
    if x > 27.0 {
        return 0.0;
    }
    // erfc x = exp(-x^2)/sqrt(pi) * 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + ...))))
    let tiny = 1e-300;
    let mut f = x;
    let mut c = x;
    let mut d = 0.0;
    for n in 1..500 {
        let a = n as f64 / 2.0;
        d = x + a * d;
        if d.abs() < tiny {
            d = tiny;
        }
        c = x + a / c;
        if c.abs() < tiny {
            c = tiny;
        }
        d = 1.0 / d;
        let delta = c * d;
        f *= delta;
        if (delta - 1.0).abs() < 1e-16 {
            break;
        }
    }
    (-x * x).exp() / PI.sqrt() / f
}
