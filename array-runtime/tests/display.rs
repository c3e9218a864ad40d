//! `{}` and `{:?}` of arrays against NumPy's `str(a)` and `repr(a)`: every case of
//! `fixtures/display.txt` (`scripts/fixtures/gen_display_fixtures.py`), and `str` of float16,
//! float32 and float64 scalars across their range.

use array_runtime::{bf16, c128, c64, f16, Array, DType, Device};

const FIXTURE: &str = include_str!("fixtures/display.txt");

struct Case {
    name: String,
    dtype: String,
    shape: Vec<usize>,
    data: Vec<String>,
    str_: String,
    repr: String,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    let mut lines = FIXTURE.lines().filter(|l| !l.starts_with('#')).peekable();
    while let Some(line) = lines.next() {
        let Some(name) = line.strip_prefix("=== ") else {
            continue;
        };
        let field = |l: Option<&str>, key: &str| -> Vec<String> {
            let l = l.unwrap_or_else(|| panic!("{name}: missing {key}"));
            let mut w = l.split_whitespace();
            assert_eq!(w.next(), Some(key), "{name}: {l}");
            w.map(String::from).collect()
        };
        let dtype = field(lines.next(), "dtype").remove(0);
        let shape = field(lines.next(), "shape")
            .iter()
            .map(|d| d.parse().unwrap())
            .collect();
        let data = field(lines.next(), "data");
        assert_eq!(lines.next(), Some("--- str"), "{name}");
        let str_ = block(&mut lines, |l| l == "--- repr");
        lines.next();
        let repr = block(&mut lines, |l| {
            l.starts_with("=== ") || l.starts_with("scalar ")
        });
        out.push(Case {
            name: name.to_string(),
            dtype,
            shape,
            data,
            str_,
            repr,
        });
    }
    out
}

/// The lines up to the first one `end` accepts, joined.
fn block<'a>(
    lines: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>,
    end: impl Fn(&str) -> bool,
) -> String {
    let mut v = Vec::new();
    while let Some(l) = lines.peek() {
        if end(l) {
            break;
        }
        v.push(lines.next().unwrap());
    }
    v.join("\n")
}

fn bits(w: &str) -> u64 {
    u64::from_str_radix(w, 16).unwrap()
}

/// `{}` and `{:?}` of the array of `shape` with the elements the fixture spells as `data`.
fn printed(dtype: &str, shape: &[usize], data: &[String]) -> (String, String) {
    fn show<T: DType>(shape: &[usize], v: Vec<T>) -> (String, String) {
        let a = Array::from_vec(&Device::cpu(), shape, v).unwrap();
        (a.to_string(), format!("{a:?}"))
    }
    macro_rules! make {
        ($v:expr_2021 $(,)?) => {
            show(shape, $v)
        };
    }
    let ints = |w: &String| w.parse::<i128>().unwrap();
    match dtype {
        "bool" => make!(data.iter().map(|w| w == "1").collect()),
        "i8" => make!(data.iter().map(|w| ints(w) as i8).collect()),
        "i16" => make!(data.iter().map(|w| ints(w) as i16).collect()),
        "i32" => make!(data.iter().map(|w| ints(w) as i32).collect()),
        "i64" => make!(data.iter().map(|w| ints(w) as i64).collect()),
        "u8" => make!(data.iter().map(|w| ints(w) as u8).collect()),
        "u16" => make!(data.iter().map(|w| ints(w) as u16).collect()),
        "u32" => make!(data.iter().map(|w| ints(w) as u32).collect()),
        "u64" => make!(data.iter().map(|w| ints(w) as u64).collect()),
        "f16" => make!(data
            .iter()
            .map(|w| f16::from_bits(bits(w) as u16))
            .collect()),
        "f32" => make!(data
            .iter()
            .map(|w| f32::from_bits(bits(w) as u32))
            .collect()),
        "f64" => make!(data.iter().map(|w| f64::from_bits(bits(w))).collect()),
        "c64" => make!(data
            .chunks(2)
            .map(|p| {
                c64::new(
                    f32::from_bits(bits(&p[0]) as u32),
                    f32::from_bits(bits(&p[1]) as u32),
                )
            })
            .collect()),
        "c128" => make!(data
            .chunks(2)
            .map(|p| c128::new(f64::from_bits(bits(&p[0])), f64::from_bits(bits(&p[1]))))
            .collect()),
        other => panic!("unknown dtype {other}"),
    }
}

#[test]
fn str_and_repr_match_numpy() {
    let cases = cases();
    assert!(cases.len() > 90, "{} cases", cases.len());
    let mut wrong = Vec::new();
    for c in &cases {
        // The fixture writes a complex element as two words.
        let data: Vec<String> = if c.dtype.starts_with('c') {
            c.data
                .iter()
                .flat_map(|w| w.split(' ').map(String::from))
                .collect()
        } else {
            c.data.clone()
        };
        let (s, r) = printed(&c.dtype, &c.shape, &data);
        if s != c.str_ {
            wrong.push(format!("{} str:\nnumpy:\n{}\nours:\n{}", c.name, c.str_, s));
        }
        if r != c.repr {
            wrong.push(format!(
                "{} repr:\nnumpy:\n{}\nours:\n{}",
                c.name, c.repr, r
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} cases differ:\n{}",
        wrong.len(),
        cases.len(),
        wrong.join("\n\n")
    );
}

#[test]
fn scalar_str_matches_numpy() {
    let dev = Device::cpu();
    let mut wrong = Vec::new();
    let mut n = 0;
    for l in FIXTURE.lines().filter(|l| l.starts_with("scalar ")) {
        let w: Vec<&str> = l.splitn(4, ' ').collect();
        let ours = match w[1] {
            "f16" => Array::scalar(&dev, f16::from_bits(bits(w[2]) as u16))
                .unwrap()
                .to_string(),
            "f32" => Array::scalar(&dev, f32::from_bits(bits(w[2]) as u32))
                .unwrap()
                .to_string(),
            "f64" => Array::scalar(&dev, f64::from_bits(bits(w[2])))
                .unwrap()
                .to_string(),
            other => panic!("unknown scalar dtype {other}"),
        };
        if ours != w[3] {
            wrong.push(format!("{} {}: numpy {}, ours {}", w[1], w[2], w[3], ours));
        }
        n += 1;
    }
    assert!(n > 2000, "{n} scalars");
    assert!(
        wrong.is_empty(),
        "{} of {n} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn views_print_their_elements() {
    let dev = Device::cpu();
    let a = Array::from_vec(&dev, &[2, 3], vec![1i32, 2, 3, 4, 5, 6]).unwrap();
    assert_eq!(a.t().to_string(), "[[1 4]\n [2 5]\n [3 6]]");
    // A summarized strided view reads the right edges.
    let big = Array::from_vec(&dev, &[2000, 2], (0..4000i64).collect()).unwrap();
    let t = big.t();
    assert_eq!(
        t.to_string(),
        "[[   0    2    4 ... 3994 3996 3998]\n [   1    3    5 ... 3995 3997 3999]]"
    );
    assert_eq!(
        format!("{t:?}"),
        "array([[   0,    2,    4, ..., 3994, 3996, 3998],\n       \
         [   1,    3,    5, ..., 3995, 3997, 3999]], shape=(2, 2000))"
    );
    let b = big.broadcast_to(&[3, 2000, 2]).unwrap();
    assert_eq!(b.to_string(), {
        let row = "[[   0    1]\n  [   2    3]\n  [   4    5]\n  ...\n  \
                   [3994 3995]\n  [3996 3997]\n  [3998 3999]]";
        format!("[{row}\n\n {row}\n\n {row}]")
    });
}

#[test]
fn bf16_prints_with_its_own_shortest_digits() {
    let dev = Device::cpu();
    let v: Vec<bf16> = [0.1f32, 1.0, -2.5, 3.0e38]
        .iter()
        .map(|&x| bf16::from_f32(x))
        .collect();
    let a = Array::from_vec(&dev, &[4], v.clone()).unwrap();
    // bf16(0.1) is 0.10009765625, which "0.1" reads back as; 3e38 becomes 2.99e38, "3e+38".
    assert_eq!(a.to_string(), "[ 1.0e-01  1.0e+00 -2.5e+00  3.0e+38]");
    assert_eq!(
        format!(
            "{:?}",
            Array::from_vec(&dev, &[2], v[..2].to_vec()).unwrap()
        ),
        "array([0.1, 1. ], dtype=bfloat16)"
    );
    assert_eq!(
        Array::scalar(&dev, bf16::from_f32(0.1))
            .unwrap()
            .to_string(),
        "0.1"
    );
}

#[test]
fn a_failure_while_formatting_is_a_fmt_error() {
    use std::fmt::Write;
    // 2^40 elements of a broadcast view: no axis is long enough to summarize, so NumPy would
    // print them all; gathering them on the host fails, and so does the formatting.
    let dev = Device::cpu();
    let one = Array::from_vec(&dev, &[1], vec![1.0f64]).unwrap();
    let huge = one.broadcast_to(&[2; 40]).unwrap();
    let mut s = String::new();
    assert!(write!(s, "{huge}").is_err());
    assert!(write!(s, "{huge:?}").is_err());
}
