//! Text and raw-byte I/O (`savetxt`, `loadtxt`, `genfromtxt`, `fromregex`, `frombuffer`,
//! `fromstring`, `fromfile`, `tobytes`, `tofile`) against NumPy 2.4's results on the inputs
//! of `scripts/fixtures/gen_text_io_fixtures.py`: every case there is run here with the same
//! keywords, and must give NumPy's array, text or error message. Then NumPy reads what our
//! `savetxt` writes (when a Python with NumPy is available; under `CI` it must be).

mod common;

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::process::Command;

use common::fixture;
use kernels_std::io::{self, ArrayBytes, NpyDType, Npz, Order};
use kernels_std::{c128, c64, f16, s, Array, Device, Result};

fn cpu() -> Device {
    Device::cpu()
}

fn fx(relative: &str) -> PathBuf {
    fixture(&format!("text_io/{relative}"))
}

fn input(name: &str) -> PathBuf {
    fx(&format!("in/{name}.txt"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kernels_std_text_io_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// NumPy's error message of each case that raises.
fn numpy_errors() -> HashMap<String, String> {
    std::fs::read_to_string(fx("errors.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (name, msg) = l.split_once('\t').unwrap();
            (name.to_owned(), msg.replace("\\n", "\n"))
        })
        .collect()
}

/// Elements equal, NaN equal to NaN, and the sign of zero kept.
fn same_elem<T: NpyDType>(a: T, b: T) -> bool {
    // NaN is the only value unequal to itself.
    #[allow(clippy::eq_op)]
    let nan = |v: T| v != v;
    if nan(a) || nan(b) {
        return nan(a) && nan(b);
    }
    a == b && a.tobytes_le() == b.tobytes_le()
}

trait LeBytes {
    fn tobytes_le(self) -> Vec<u8>;
}

impl<T: NpyDType> LeBytes for T {
    fn tobytes_le(self) -> Vec<u8> {
        Array::from_vec(&Device::cpu(), &[1], vec![self])
            .unwrap()
            .tobytes(Order::C)
            .unwrap()
    }
}

/// Checks the cases of one reader: each must give NumPy's array or NumPy's error.
struct Cases {
    expected: Npz,
    errors: HashMap<String, String>,
    prefix: &'static str,
    seen: BTreeSet<String>,
    failures: Vec<String>,
}

impl Cases {
    fn new(npz: &str, prefix: &'static str) -> Self {
        Cases {
            expected: io::load_npz(fx(npz), &cpu()).unwrap(),
            errors: numpy_errors(),
            prefix,
            seen: BTreeSet::new(),
            failures: Vec::new(),
        }
    }

    fn check<T: NpyDType>(&mut self, name: &str, got: Result<Array<T>>) {
        self.seen.insert(name.to_owned());
        match (self.errors.get(name), got) {
            (Some(msg), Err(e)) => {
                if !e.to_string().contains(msg.as_str()) {
                    self.failures
                        .push(format!("{name}: error {e:?}, NumPy's is {msg:?}"));
                }
            }
            (Some(msg), Ok(a)) => self.failures.push(format!(
                "{name}: got {:?} of shape {:?}, NumPy raises {msg:?}",
                a.to_vec(),
                a.shape()
            )),
            (None, Err(e)) => self.failures.push(format!("{name}: unexpected error {e}")),
            (None, Ok(a)) => {
                let want: Array<T> = match self.expected.array(name) {
                    Ok(w) => w,
                    Err(e) => return self.failures.push(format!("{name}: fixture: {e}")),
                };
                let (g, w) = (a.to_vec().unwrap(), want.to_vec().unwrap());
                let equal = g.len() == w.len() && g.iter().zip(&w).all(|(&x, &y)| same_elem(x, y));
                if a.shape() != want.shape() || !equal {
                    self.failures.push(format!(
                        "{name}: got {g:?} of shape {:?}, NumPy's {w:?} of shape {:?}",
                        a.shape(),
                        want.shape()
                    ));
                }
            }
        }
    }

    /// Fails with every mismatch, and when a case of the fixtures was not run.
    fn finish(mut self) {
        let fixture_names: BTreeSet<String> = self
            .expected
            .names()
            .map(str::to_owned)
            .chain(self.errors.keys().cloned())
            .filter(|n| n.starts_with(self.prefix))
            .collect();
        for missing in fixture_names.difference(&self.seen) {
            self.failures
                .push(format!("{missing}: a fixture case the test does not run"));
        }
        assert!(
            self.failures.is_empty(),
            "{} failures:\n{}",
            self.failures.len(),
            self.failures.join("\n")
        );
    }
}

fn lt<T: NpyDType>(name: &str) -> io::LoadTxt<'static, T> {
    io::loadtxt::<T>(input(name), &cpu())
}

#[test]
fn loadtxt_matches_numpy() {
    let mut c = Cases::new("loadtxt.npz", "lt_");
    c.check("lt_ws", lt::<f64>("lt_ws").run());
    c.check("lt_comma", lt::<f64>("lt_comma").delimiter(',').run());
    c.check(
        "lt_comments_multi",
        lt::<f64>("lt_comments_multi").comments(&["//", "%"]).run(),
    );
    c.check(
        "lt_comments_none",
        lt::<f64>("lt_comments_none").comments::<&str>(&[]).run(),
    );
    c.check(
        "lt_skip_max",
        lt::<i64>("lt_skip_max").skiprows(2).max_rows(2).run(),
    );
    c.check(
        "lt_usecols",
        lt::<i32>("lt_usecols").usecols(&[-1, 0, 0]).run(),
    );
    c.check("lt_unpack", lt::<f32>("lt_unpack").unpack(true).run());
    c.check("lt_single_0", lt::<f64>("lt_single_0").ndmin(0).run());
    c.check("lt_single_1", lt::<f64>("lt_single_1").ndmin(1).run());
    c.check("lt_single_2", lt::<f64>("lt_single_2").ndmin(2).run());
    c.check("lt_row_2", lt::<f64>("lt_row_2").ndmin(2).run());
    c.check("lt_row_0", lt::<f64>("lt_row_0").run());
    c.check("lt_col_2", lt::<i16>("lt_col_2").ndmin(2).run());
    c.check(
        "lt_col_unpack",
        lt::<i16>("lt_col_unpack").ndmin(2).unpack(true).run(),
    );
    c.check("lt_empty", lt::<f64>("lt_empty").run());
    c.check("lt_empty_2", lt::<f64>("lt_empty_2").ndmin(2).run());
    c.check(
        "lt_empty_usecols",
        lt::<f64>("lt_empty_usecols").usecols(&[0, 1]).run(),
    );
    c.check("lt_no_cols", lt::<f64>("lt_no_cols").usecols(&[]).run());
    c.check(
        "lt_quote",
        lt::<f64>("lt_quote").quotechar('"').comments(&["#"]).run(),
    );
    c.check(
        "lt_quote_delim",
        lt::<f64>("lt_quote_delim")
            .quotechar('"')
            .delimiter(',')
            .run(),
    );
    c.check(
        "lt_err_quote",
        lt::<f64>("lt_err_quote").quotechar('"').run(),
    );
    c.check(
        "lt_err_quote_comment",
        lt::<f64>("lt_err_quote_comment")
            .quotechar('"')
            .delimiter(',')
            .run(),
    );
    c.check("lt_complex", lt::<c128>("lt_complex").run());
    c.check("lt_complex64", lt::<c64>("lt_complex64").run());
    c.check("lt_bool", lt::<bool>("lt_bool").run());
    c.check("lt_uint8", lt::<u8>("lt_uint8").run());
    c.check("lt_f16", lt::<f16>("lt_f16").run());
    c.check("lt_special", lt::<f64>("lt_special").run());
    c.check("lt_crlf", lt::<f64>("lt_crlf").run());
    c.check("lt_cr", lt::<f64>("lt_cr").run());
    c.check("lt_extremes", lt::<i64>("lt_extremes").run());
    c.check("lt_u64", lt::<u64>("lt_u64").run());
    c.check("lt_ws_kinds", lt::<f64>("lt_ws_kinds").run());
    c.check("lt_tab", lt::<f64>("lt_tab").delimiter('\t').run());
    c.check("lt_err_i1", lt::<i8>("lt_err_i1").run());
    c.check("lt_err_i8", lt::<i64>("lt_err_i8").run());
    c.check("lt_err_u1", lt::<u8>("lt_err_u1").run());
    c.check("lt_err_float_int", lt::<i64>("lt_err_float_int").run());
    c.check("lt_err_columns", lt::<f64>("lt_err_columns").run());
    c.check(
        "lt_err_usecols",
        lt::<f64>("lt_err_usecols").usecols(&[-3]).run(),
    );
    c.check("lt_err_value", lt::<f64>("lt_err_value").run());
    c.check(
        "lt_err_empty_field",
        lt::<f64>("lt_err_empty_field").delimiter(',').run(),
    );
    c.check("lt_err_bool", lt::<bool>("lt_err_bool").run());
    c.check("lt_err_hex", lt::<f64>("lt_err_hex").run());
    c.check("lt_err_ndmin", lt::<f64>("lt_ws").ndmin(3).run());
    c.check(
        "lt_err_conflict",
        lt::<f64>("lt_ws").comments(&["#"]).delimiter('#').run(),
    );
    c.finish();
}

#[test]
fn loadtxt_errors_name_file_and_line() {
    let err = lt::<f64>("lt_err_columns").run().unwrap_err().to_string();
    assert!(err.contains("lt_err_columns.txt, line 4:"), "{err}");
    let err = lt::<f64>("lt_err_value").run().unwrap_err().to_string();
    assert!(err.contains("lt_err_value.txt, line 2:"), "{err}");
    // An unclosed quote closes at the end of the file (NumPy's '2\n3'), invalid UTF-8, a
    // missing file.
    let err = io::loadtxt_from::<f64>("1 \"2\n3".as_bytes(), &cpu())
        .quotechar('"')
        .run()
        .unwrap_err();
    assert!(
        err.to_string().contains("could not convert string '2\\n3'"),
        "{err}"
    );
    let err = io::loadtxt_from::<f64>(&b"1 \xff\n"[..], &cpu())
        .run()
        .unwrap_err();
    assert!(
        err.to_string().contains("line 1") && err.to_string().contains("UTF-8"),
        "{err}"
    );
    let err = io::loadtxt::<f64>(scratch("no_such_file.txt"), &cpu())
        .run()
        .unwrap_err();
    assert!(err.to_string().contains("no_such_file.txt"), "{err}");
    // A quoted value over two lines is one value (white space around a number is ignored).
    let a = io::loadtxt_from::<f64>("\"1\n\" 2\n3 4\n".as_bytes(), &cpu())
        .quotechar('"')
        .run()
        .unwrap();
    assert_eq!(
        (a.shape(), a.to_vec().unwrap()),
        (&[2, 2][..], vec![1.0, 2.0, 3.0, 4.0])
    );
}

fn gf<T: NpyDType>(name: &str) -> io::GenFromTxt<'static, T> {
    io::genfromtxt::<T>(input(name), &cpu())
}

#[test]
fn genfromtxt_matches_numpy() {
    let mut c = Cases::new("genfromtxt.npz", "gf_");
    c.check("gf_missing", gf::<f64>("gf_missing").delimiter(",").run());
    c.check(
        "gf_fill",
        gf::<f64>("gf_fill")
            .delimiter(",")
            .filling_values(-1.0)
            .run(),
    );
    c.check(
        "gf_int_default",
        gf::<i64>("gf_int_default").delimiter(",").run(),
    );
    c.check(
        "gf_int_fill",
        gf::<i32>("gf_int_fill")
            .delimiter(",")
            .filling_values(0)
            .run(),
    );
    c.check(
        "gf_header_footer",
        gf::<f64>("gf_header_footer")
            .skip_header(1)
            .skip_footer(2)
            .run(),
    );
    c.check(
        "gf_usecols",
        gf::<f64>("gf_usecols").usecols(&[0, -1]).run(),
    );
    c.check(
        "gf_invalid_drop",
        gf::<f64>("gf_invalid_drop").invalid_raise(false).run(),
    );
    c.check("gf_max_rows", gf::<f64>("gf_max_rows").max_rows(2).run());
    c.check(
        "gf_comments",
        gf::<f64>("gf_comments")
            .delimiter(",")
            .comments(Some("//"))
            .run(),
    );
    c.check("gf_underscore", gf::<f64>("gf_underscore").run());
    c.check("gf_underscore_int", gf::<i64>("gf_underscore_int").run());
    c.check("gf_complex", gf::<c128>("gf_complex").run());
    c.check("gf_bool", gf::<bool>("gf_bool").run());
    c.check("gf_f32", gf::<f32>("gf_f32").run());
    c.check("gf_empty", gf::<f64>("gf_empty").run());
    c.check(
        "gf_unpack",
        gf::<f64>("gf_unpack").unpack(true).ndmin(2).run(),
    );
    c.check(
        "gf_delim_str",
        gf::<f64>("gf_delim_str").delimiter("; ").run(),
    );
    c.check(
        "gf_delim_empty",
        gf::<f64>("gf_delim_empty").delimiter("").run(),
    );
    c.check("gf_fixed", gf::<f64>("gf_fixed").fixed_width(3).run());
    c.check("gf_widths", gf::<f64>("gf_widths").widths(&[3, 3]).run());
    c.check(
        "gf_widths_int",
        gf::<i32>("gf_widths_int").widths(&[1, 2, 9]).run(),
    );
    c.check("gf_err_invalid", gf::<f64>("gf_err_invalid").run());
    c.check(
        "gf_err_uint_fill",
        gf::<u8>("gf_err_uint_fill").delimiter(",").run(),
    );
    c.check("gf_err_overflow", gf::<i8>("gf_err_overflow").run());
    c.check("gf_err_huge", gf::<i64>("gf_err_huge").run());
    c.check(
        "gf_err_footer_max",
        gf::<f64>("gf_err_footer_max")
            .skip_footer(1)
            .max_rows(1)
            .run(),
    );
    c.finish();
}

#[test]
fn fromregex_matches_numpy() {
    let mut c = Cases::new("fromregex.npz", "fr_");
    let file = input("fromregex");
    c.check(
        "fr_two",
        io::fromregex::<f64>(&file, r"a=([\d.]+) b=(-?\d+)", &cpu()),
    );
    c.check("fr_one", io::fromregex::<i64>(&file, r"b=(-?\d+)", &cpu()));
    c.check(
        "fr_none",
        io::fromregex::<i32>(&file, r"nomatch(\d)", &cpu()),
    );
    c.check(
        "fr_err_float",
        io::fromregex::<f64>(&file, r"a=(\S+) b=(\S+)", &cpu()),
    );
    c.check(
        "fr_err_int",
        io::fromregex::<i64>(&file, r"a=([\d.]+) b=(-?\d+)", &cpu()),
    );
    c.finish();
    let err = io::fromregex::<f64>(&file, r"(?<=a)=(\d)", &cpu()).unwrap_err();
    assert!(err.to_string().contains("invalid pattern"), "{err}");
}

#[test]
fn fromstring_matches_numpy() {
    let mut c = Cases::new("fromstring.npz", "fs_");
    let d = &cpu();
    c.check("fs_space", io::fromstring::<f64>("1 2 3", " ", -1, d));
    c.check("fs_comma", io::fromstring::<f64>("1, 2 ,3,", ",", -1, d));
    c.check(
        "fs_spaced_sep",
        io::fromstring::<f64>("1;2 ;  3", " ; ", -1, d),
    );
    c.check("fs_count", io::fromstring::<i32>("1 2 3", " ", 2, d));
    c.check("fs_wrap", io::fromstring::<i8>("300 -5 +7", " ", -1, d));
    c.check(
        "fs_saturate",
        io::fromstring::<i64>("99999999999999999999 -99999999999999999999", " ", -1, d),
    );
    c.check(
        "fs_complex",
        io::fromstring::<c128>("1+2j 3j -1.5", " ", -1, d),
    );
    c.check(
        "fs_special",
        io::fromstring::<f64>("nan inf -INF nan(1) infinity 1e400", " ", -1, d),
    );
    c.check("fs_bool", io::fromstring::<bool>("2 0 1.5", " ", -1, d));
    c.check("fs_empty", io::fromstring::<f64>("", ",", -1, d));
    c.check("fs_newline", io::fromstring::<f64>("1\n2\n", "\n", -1, d));
    c.check("fs_f32", io::fromstring::<f32>("1.5, 0.1", ",", -1, d));
    c.check(
        "fs_u8",
        io::fromstring::<u64>(
            "255 256 18446744073709551615 99999999999999999999",
            " ",
            -1,
            d,
        ),
    );
    c.check(
        "fs_i1_wrap",
        io::fromstring::<i8>(
            "-9223372036854775808 -9223372036854775809 127 128",
            " ",
            -1,
            d,
        ),
    );
    c.check("fs_err_uint_plus", io::fromstring::<u64>("+5", " ", -1, d));
    c.check("fs_err_x", io::fromstring::<f64>("1,2,x", ",", -1, d));
    c.check(
        "fs_err_float_int",
        io::fromstring::<i64>("1 2.5", " ", -1, d),
    );
    c.check(
        "fs_err_double_sep",
        io::fromstring::<f64>("1,,2", ",", -1, d),
    );
    c.check(
        "fs_err_binary",
        io::fromstring::<f64>("\x01\x00", "", -1, d),
    );
    c.check("fs_err_uint_neg", io::fromstring::<u8>("-1", " ", -1, d));
    c.check("fs_err_lead_sep", io::fromstring::<f64>(",1", ",", -1, d));
    c.finish();
    // Where NumPy returns uninitialized memory, an error.
    let err = io::fromstring::<f64>("1 2", " ", 3, d).unwrap_err();
    assert!(err.to_string().contains("count is 3"), "{err}");
}

#[test]
fn fromfile_matches_numpy() {
    let mut c = Cases::new("fromfile.npz", "ff_");
    let (bin, text, d) = (fx("in/ff_binary.bin"), input("ff_text"), &cpu());
    c.check("ff_all", io::fromfile::<i32>(&bin, "", -1, 0, d));
    c.check("ff_count_offset", io::fromfile::<i32>(&bin, "", 2, 4, d));
    c.check("ff_count_over", io::fromfile::<i32>(&bin, "", 10, 0, d));
    c.check("ff_partial", io::fromfile::<i64>(&bin, "", -1, 0, d));
    c.check("ff_i2", io::fromfile::<i16>(&bin, "", -1, 2, d));
    c.check("ff_text", io::fromfile::<f64>(&text, ",", -1, 0, d));
    c.check("ff_text_count", io::fromfile::<f64>(&text, ",", 10, 0, d));
    c.check("ff_text_count2", io::fromfile::<i64>(&text, ",", 2, 0, d));
    c.check(
        "ff_err_text_offset",
        io::fromfile::<f64>(&text, ",", -1, 3, d),
    );
    c.check(
        "ff_err_text_bad",
        io::fromfile::<f64>(input("ff_text_bad"), " ", -1, 0, d),
    );
    c.finish();
    let err = io::fromfile::<i32>(&bin, "", -1, 21, d).unwrap_err();
    assert!(err.to_string().contains("past the end"), "{err}");
}

#[test]
fn bytes_match_numpy() {
    let expected = io::load_npz(fx("bytes.npz"), &cpu()).unwrap();
    let errors = numpy_errors();
    let a: Array<i16> = expected.array("a").unwrap();
    let bytes = |name: &str| expected.array::<u8>(name).unwrap().to_vec().unwrap();
    for (order, tag) in [(Order::C, "C"), (Order::F, "F"), (Order::A, "A")] {
        assert_eq!(
            a.tobytes(order).unwrap(),
            bytes(&format!("c_{tag}")),
            "a {tag}"
        );
        assert_eq!(
            a.t().tobytes(order).unwrap(),
            bytes(&format!("t_{tag}")),
            "a.T {tag}"
        );
        let stepped = a.slice(s![.., ..;2]).unwrap();
        assert_eq!(
            stepped.tobytes(order).unwrap(),
            bytes(&format!("s_{tag}")),
            "a[:, ::2] {tag}"
        );
    }
    let buf = a.tobytes(Order::C).unwrap();
    let d = &cpu();
    let get = |name: &str| expected.get(name).unwrap().clone();
    assert_eq!(
        io::frombuffer::<i16>(&buf, -1, 0, d)
            .unwrap()
            .to_vec()
            .unwrap(),
        get("fb_all").downcast::<i16>().unwrap().to_vec().unwrap()
    );
    assert_eq!(
        io::frombuffer::<i16>(&buf, 2, 4, d)
            .unwrap()
            .to_vec()
            .unwrap(),
        get("fb_count_offset")
            .downcast::<i16>()
            .unwrap()
            .to_vec()
            .unwrap()
    );
    assert_eq!(
        io::frombuffer::<u32>(&buf, -2, 4, d)
            .unwrap()
            .to_vec()
            .unwrap(),
        get("fb_u4").downcast::<u32>().unwrap().to_vec().unwrap()
    );
    let z = [c64::new(1.0, 2.0), c64::new(0.0, -3.0)];
    let zb = Array::from_vec(d, &[2], z.to_vec())
        .unwrap()
        .tobytes(Order::C)
        .unwrap();
    assert_eq!(
        io::frombuffer::<c64>(&zb, -1, 0, d)
            .unwrap()
            .to_vec()
            .unwrap(),
        get("fb_c8").downcast::<c64>().unwrap().to_vec().unwrap()
    );
    assert_eq!(
        io::frombuffer::<bool>(b"\x00\x01\x02", -1, 0, d)
            .unwrap()
            .to_vec()
            .unwrap(),
        get("fb_b1").downcast::<bool>().unwrap().to_vec().unwrap()
    );
    for (name, got) in [
        ("fb_err_multiple", io::frombuffer::<i16>(&buf, -1, 1, d)),
        ("fb_err_small", io::frombuffer::<i16>(&buf, 7, 0, d)),
        ("fb_err_offset", io::frombuffer::<i16>(&buf, -1, 13, d)),
    ] {
        let err = got.unwrap_err().to_string();
        assert!(err.contains(&errors[name]), "{name}: {err}");
    }
    assert_eq!(io::frombuffer::<i16>(&buf, 0, 12, d).unwrap().shape(), &[0]);
}

#[test]
fn tofile_text_matches_numpy() {
    let d = &cpu();
    let check = |name: &str, written: Result<()>, path: &PathBuf| {
        written.unwrap();
        let want = std::fs::read_to_string(fx(&format!("tofile/{name}.txt"))).unwrap();
        assert_eq!(std::fs::read_to_string(path).unwrap(), want, "{name}");
    };
    let p = scratch("tofile.txt");
    let f4 = Array::from_vec(d, &[4], vec![1.5f32, 0.1, f32::NAN, f32::NEG_INFINITY]).unwrap();
    check("tf_f4", f4.tofile(&p, " ", ""), &p);
    let f8 = Array::from_vec(d, &[2, 2], vec![1.0f64, 2.5, 3.0, 4.0]).unwrap();
    check("tf_f8_fmt", f8.tofile(&p, ",", "%.2f"), &p);
    let z = vec![
        c128::new(1.0, 2.0),
        c128::new(0.0, 2.0),
        c128::new(-1.5, -0.5),
    ];
    check(
        "tf_c16",
        Array::from_vec(d, &[3], z).unwrap().tofile(&p, "\n", "%s"),
        &p,
    );
    let b = Array::from_vec(d, &[2], vec![true, false]).unwrap();
    check("tf_b1", b.tofile(&p, " ", ""), &p);
    let t = Array::from_vec(d, &[2], vec![1.5f64, -2.7]).unwrap();
    check("tf_i8_d", t.tofile(&p, " ", "%d"), &p);
    let i = Array::from_vec(d, &[2, 2], vec![1i16, -2, 3, 4]).unwrap();
    check("tf_i2", i.tofile(&p, "; ", "%+04d"), &p);
    check(
        "tf_0d",
        Array::scalar(d, 5.0f64).unwrap().tofile(&p, " ", ""),
        &p,
    );
    let f4 = Array::from_vec(d, &[2], vec![0.1f32, 1e20]).unwrap();
    check("tf_f4_r", f4.tofile(&p, " ", "%r"), &p);
    let c8 = Array::from_vec(d, &[1], vec![c64::new(0.1, 0.2)]).unwrap();
    check("tf_c8", c8.tofile(&p, " ", "%s"), &p);
    let f2 = Array::from_vec(d, &[2], vec![f16::from_f64(0.1), f16::from_f64(65504.0)]).unwrap();
    check("tf_f2", f2.tofile(&p, " ", ""), &p);
    let err = Array::from_vec(d, &[1], vec![c128::new(1.0, 2.0)])
        .unwrap()
        .tofile(&p, " ", "%.1f")
        .unwrap_err();
    assert!(err.to_string().contains("complex"), "{err}");
    // Binary: C order whatever the layout.
    i.t().tofile(&p, "", "").unwrap();
    assert_eq!(std::fs::read(&p).unwrap(), i.t().tobytes(Order::C).unwrap());
}

/// Runs `savetxt` of case `name` on the input `key` with its keywords.
fn savetxt_case(inputs: &Npz, name: &str) -> Option<Result<Vec<u8>>> {
    let mut out = Vec::new();
    macro_rules! run {
        ($t:ty, $key:expr, |$b:ident| $config:expr) => {{
            let a: Array<$t> = inputs.array($key).unwrap();
            let $b = io::savetxt_to(&mut out, &a);
            let r = $config.run();
            r.map(|()| out)
        }};
    }
    Some(match name {
        "st_default" => run!(f64, "f8", |b| b),
        "st_keywords" => run!(i64, "i8", |b| b
            .fmt("%d")
            .delimiter(",")
            .header("a b\nc")
            .footer("end")
            .comments("// ")
            .newline(";")),
        "st_fmt_list" => run!(f64, "f8x2", |b| b.fmt_columns(["%d", "%.2f"])),
        "st_fmt_row" => run!(f64, "f8x2", |b| b.fmt("%d|%.2f")),
        "st_complex" => run!(c128, "c16", |b| b),
        "st_complex_fmt" => run!(c128, "c16", |b| b.fmt("%.3f")),
        "st_complex_row" => run!(c128, "c16x2", |b| b.fmt("%.1f%+.1fj %.1f%+.1fj")),
        "st_complex_list" => run!(c128, "c16x2", |b| b
            .fmt_columns(["%.1f %.1f", "%.2e %g"])
            .delimiter(";")),
        "st_c8" => run!(c64, "c8", |b| b),
        "st_f4_s" => run!(f32, "f4", |b| b.fmt("%s")),
        "st_f4_r" => run!(f32, "f4", |b| b.fmt("%r")),
        "st_f2_s" => run!(f16, "f2", |b| b.fmt("%s")),
        "st_f2" => run!(f16, "f2", |b| b),
        "st_f8_s" => run!(f64, "f8s", |b| b.fmt("%s")),
        "st_ints" => run!(i32, "i4", |b| b.fmt("%5d %x %#06o")),
        "st_ints_e" => run!(i32, "i4", |b| b.fmt("%.3e")),
        "st_u8" => run!(u64, "u8", |b| b.fmt("%d")),
        "st_u8_default" => run!(u64, "u8", |b| b),
        "st_bool" => run!(bool, "b1", |b| b),
        "st_bool_s" => run!(bool, "b1", |b| b.fmt("%s")),
        "st_bool_d" => run!(bool, "b1", |b| b.fmt("%-3d|")),
        "st_g" => run!(f64, "g", |b| b.fmt("%10.4g|%-9.2e|%+.3G")),
        "st_g_alt" => run!(f64, "g", |b| b.fmt("%#g %#.0f %05.1f")),
        "st_trunc" => run!(f64, "f8x2", |b| b.fmt("%i")),
        "st_i2_r" => run!(i16, "i2", |b| b
            .fmt("%r")
            .header("h")
            .footer("f")
            .comments("")),
        "st_crlf" => run!(f64, "f8x2", |b| b
            .fmt("%.1f")
            .delimiter("\t")
            .newline("\r\n")
            .header("x\ny")),
        "st_percent" => run!(i16, "i2", |b| b.fmt("%d%%")),
        "st_empty_rows" => run!(f64, "empty_rows", |b| b),
        "st_empty_cols" => run!(f64, "empty_cols", |b| b),
        "st_err_0d" => run!(f64, "zero_d", |b| b),
        "st_err_3d" => run!(f64, "three_d", |b| b),
        "st_err_count" => run!(f64, "f8x2", |b| b.fmt("%d %d %d")),
        "st_err_list" => run!(f64, "f8x2", |b| b.fmt_columns(["%d"])),
        "st_err_hex_float" => run!(f64, "f8x2", |b| b.fmt("%x")),
        "st_err_nan_int" => run!(f64, "f8", |b| b.fmt("%d")),
        "st_err_char" => run!(i16, "i2", |b| b.fmt("%q")),
        "st_err_complex_count" => run!(c128, "c16x2", |b| b.fmt("%.1f %.1f")),
        _ => return None,
    })
}

#[test]
fn savetxt_matches_numpy() {
    let inputs = io::load_npz(fx("savetxt_inputs.npz"), &cpu()).unwrap();
    let errors = numpy_errors();
    let mut names: BTreeSet<String> = errors
        .keys()
        .filter(|n| n.starts_with("st_"))
        .cloned()
        .collect();
    for entry in std::fs::read_dir(fx("savetxt")).unwrap() {
        let file = entry.unwrap().file_name().into_string().unwrap();
        names.insert(file.trim_end_matches(".txt").to_owned());
    }
    assert!(names.len() >= 37, "{names:?}");
    let mut failures = Vec::new();
    for name in &names {
        let Some(got) = savetxt_case(&inputs, name) else {
            failures.push(format!("{name}: a fixture case the test does not run"));
            continue;
        };
        match (errors.get(name), got) {
            (Some(msg), Err(e)) if e.to_string().contains(msg.as_str()) => {}
            (Some(msg), other) => failures.push(format!("{name}: {other:?}, NumPy: {msg:?}")),
            (None, Err(e)) => failures.push(format!("{name}: unexpected error {e}")),
            (None, Ok(bytes)) => {
                let want = std::fs::read(fx(&format!("savetxt/{name}.txt"))).unwrap();
                if bytes != want {
                    failures.push(format!(
                        "{name}:\n  ours  {:?}\n  numpy {:?}",
                        String::from_utf8_lossy(&bytes),
                        String::from_utf8_lossy(&want)
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn savetxt_then_loadtxt_round_trips_on_every_device() {
    common::on_devices(|errors, dev| {
        let a = Array::from_vec(
            dev,
            &[2, 3],
            vec![1.5f64, -0.0, f64::NAN, 1e300, -1e-300, 0.1],
        )
        .unwrap();
        let path = scratch(&format!("round_trip_{}.txt", dev.is_cpu()));
        io::savetxt(&path, &a).delimiter(",").run().unwrap();
        let b = io::loadtxt::<f64>(&path, dev).delimiter(',').run().unwrap();
        let (x, y) = (a.to_vec().unwrap(), b.to_vec().unwrap());
        if b.shape() != a.shape() || !x.iter().zip(&y).all(|(&p, &q)| same_elem(p, q)) {
            errors.push(format!("{dev:?}: {x:?} came back as {y:?}"));
        }
        let c = io::loadtxt::<f64>(&path, dev)
            .delimiter(',')
            .unpack(true)
            .run()
            .unwrap();
        if c.shape() != [3, 2] || c.device().is_cpu() != dev.is_cpu() {
            errors.push(format!("{dev:?}: unpack gave shape {:?}", c.shape()));
        }
        let g = io::genfromtxt::<f64>(&path, dev)
            .delimiter(",")
            .run()
            .unwrap();
        if g.to_vec().unwrap().len() != 6 {
            errors.push(format!("{dev:?}: genfromtxt gave {:?}", g.shape()));
        }
    });
}

/// The Python to run NumPy with, if it can import NumPy.
fn python_with_numpy() -> Option<String> {
    let python = std::env::var("NUMPY_PYTHON").unwrap_or_else(|_| "python3".to_owned());
    let ok = Command::new(&python)
        .args(["-c", "import numpy"])
        .output()
        .is_ok_and(|o| o.status.success());
    ok.then_some(python)
}

const NUMPY_READS: &str = r#"
import sys, os
import numpy as np
ours, inputs = sys.argv[1], np.load(sys.argv[2])
checks = [('f8.txt', 'f8', 'f8', {}), ('c16.txt', 'c16', 'c16', {}), ('i8.txt', 'i8', 'i8', {'delimiter': ','}),
          ('f4.txt', 'f4', 'f4', {}), ('u8.txt', 'u8', 'u8', {}), ('g.txt', 'g', 'f8', {'delimiter': ';'}),
          ('f2.txt', 'f2', 'f2', {})]
for name, key, dtype, kw in checks:
    got = np.loadtxt(os.path.join(ours, name), dtype=dtype, **kw)
    want = inputs[key]
    assert got.shape == want.shape and np.array_equal(got, want, equal_nan=True), (name, got, want)
print('numpy', np.__version__, 'read', len(checks), 'files')
"#;

#[test]
fn numpy_reads_our_savetxt() {
    let Some(python) = python_with_numpy() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "no Python with NumPy under CI (.ci/run installs it; NUMPY_PYTHON names another)"
        );
        println!("skipped: no Python with NumPy (set NUMPY_PYTHON=/path/to/python to run it)");
        return;
    };
    let inputs = io::load_npz(fx("savetxt_inputs.npz"), &cpu()).unwrap();
    let dir = scratch("for_numpy");
    std::fs::create_dir_all(&dir).unwrap();
    let p = |n: &str| dir.join(n);
    io::savetxt(p("f8.txt"), &inputs.array::<f64>("f8").unwrap())
        .run()
        .unwrap();
    io::savetxt(p("c16.txt"), &inputs.array::<c128>("c16").unwrap())
        .run()
        .unwrap();
    io::savetxt(p("i8.txt"), &inputs.array::<i64>("i8").unwrap())
        .fmt("%d")
        .delimiter(",")
        .header("a,b")
        .run()
        .unwrap();
    io::savetxt(p("f4.txt"), &inputs.array::<f32>("f4").unwrap())
        .fmt("%s")
        .run()
        .unwrap();
    io::savetxt(p("u8.txt"), &inputs.array::<u64>("u8").unwrap())
        .fmt("%d")
        .run()
        .unwrap();
    io::savetxt(p("g.txt"), &inputs.array::<f64>("g").unwrap())
        .fmt("%.17g")
        .delimiter(";")
        .footer("end")
        .run()
        .unwrap();
    io::savetxt(p("f2.txt"), &inputs.array::<f16>("f2").unwrap())
        .fmt("%s")
        .run()
        .unwrap();
    let out = Command::new(&python)
        .args(["-c", NUMPY_READS])
        .arg(&dir)
        .arg(fx("savetxt_inputs.npz"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "NumPy could not read our files:\n{stdout}\n{stderr}"
    );
    println!("{}", stdout.trim());
}

/// `savetxt` of one value with `fmt`: the line Python's `fmt % (value,)` gives.
fn one<T: NpyDType>(value: T, fmt: &str) -> std::result::Result<String, String> {
    let a = Array::from_vec(&cpu(), &[1], vec![value]).unwrap();
    let mut out = Vec::new();
    match io::savetxt_to(&mut out, &a).fmt(fmt).newline("").run() {
        Ok(()) => Ok(String::from_utf8(out).unwrap()),
        Err(e) => Err(e.to_string()),
    }
}

#[test]
fn savetxt_formats_as_python() {
    // Observed with Python 3.11 and NumPy 2.4: `fmt % (np.float64(x),)` and so on.
    assert_eq!(one(-42i64, "%.3d").unwrap(), "-042");
    assert_eq!(one(1234567.0f64, "%+05d").unwrap(), "+1234567");
    assert_eq!(one(-42i64, "%#06x").unwrap(), "-0x02a");
    assert_eq!(
        one(-42i64, "%#X|%o").unwrap_err(),
        "fmt has wrong number of % formats:  %#X|%o"
    );
    assert_eq!(one(1234567.0f64, "%#.0e").unwrap(), "1.e+06");
    assert_eq!(one(0.0001234f64, "%g").unwrap(), "0.0001234");
    assert_eq!(one(0.0001234f64, "%#g").unwrap(), "0.000123400");
    assert_eq!(one(0.0001234f64, "%.0g").unwrap(), "0.0001");
    assert_eq!(one(1234567.0f64, "%10.4g").unwrap(), " 1.235e+06");
    assert_eq!(one(f64::NAN, "%-+10.2e|").unwrap(), "+nan      |");
    assert_eq!(one(f64::NEG_INFINITY, "%G").unwrap(), "-INF");
    assert_eq!(one(f64::NAN, "%05f").unwrap(), "00nan");
    assert_eq!(one(true, "%5.1s").unwrap(), "    T");
    assert_eq!(one(65i64, "%c").unwrap(), "A");
    assert_eq!(one(-0.0f64, "%f").unwrap(), "-0.000000");
    assert_eq!(one(1e300f64, "%d").unwrap().len(), 301);
    assert_eq!(
        one(2.5f64, "%d%%").unwrap_err(),
        "fmt has wrong number of % formats:  %d%%"
    );
    // NumPy counts the `%` characters first; Python then refuses `%5%` (seen through tofile).
    assert_eq!(
        one(2.5f64, "%5%").unwrap_err(),
        "fmt has wrong number of % formats:  %5%"
    );
    let p = scratch("percent.txt");
    let a = Array::from_vec(&cpu(), &[1], vec![2.5f64]).unwrap();
    let err = a.tofile(&p, " ", "%5%").unwrap_err().to_string();
    assert!(
        err.contains("unsupported format character '%' (0x25) at index 2"),
        "{err}"
    );
    a.tofile(&p, " ", "%r|%%").unwrap();
    assert_eq!(std::fs::read_to_string(&p).unwrap(), "2.5|%");
    assert!(one(f64::INFINITY, "%d")
        .unwrap_err()
        .contains("cannot convert float infinity"));
    assert!(one(1.5f64, "%(a)d")
        .unwrap_err()
        .contains("Mismatch between array dtype"));
    assert!(one(1.5f64, "%c")
        .unwrap_err()
        .contains("Mismatch between array dtype"));
    assert_eq!(one(f16::from_f64(0.1), "%r").unwrap(), "np.float16(0.1)");
    assert_eq!(one(7u8, "%r").unwrap(), "np.uint8(7)");
    assert_eq!(one(false, "%r").unwrap(), "np.False_");
    assert_eq!(one(c64::new(0.1, -0.2), "%s").unwrap(), " (0.1-0.2j)");
}

/// Readers on generated text made of the characters that matter (digits, signs, exponents,
/// `inf`/`nan` letters, `j`, parentheses, quotes, comments, delimiters, line ends, non-ASCII):
/// every outcome is a value or an error, never a panic (nor a `savetxt` format made of them).
#[test]
fn readers_never_panic_on_generated_text() {
    const ALPHABET: &[&str] = &[
        "0", "1", "9", "+", "-", ".", "e", "E", "j", "J", "(", ")", "n", "a", "i", "f", "N", "I",
        "#", ",", ";", " ", "\t", "\n", "\r", "\"", "x", "_", "é", "\u{a0}", "//",
    ];
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let d = &cpu();
    for _ in 0..1500 {
        let len = (next() % 24) as usize;
        let text: String = (0..len)
            .map(|_| ALPHABET[(next() % ALPHABET.len() as u64) as usize])
            .collect();
        let b = text.as_bytes();
        let _ = io::loadtxt_from::<f64>(b, d).run();
        let _ = io::loadtxt_from::<c128>(b, d)
            .delimiter(',')
            .quotechar('"')
            .run();
        let _ = io::loadtxt_from::<i8>(b, d)
            .comments(&["//", ";"])
            .usecols(&[-1, 0])
            .run();
        let _ = io::loadtxt_from::<bool>(b, d).ndmin(2).unpack(true).run();
        let _ = io::genfromtxt_from::<f32>(b, d)
            .delimiter(",")
            .skip_footer(1)
            .run();
        let _ = io::genfromtxt_from::<u16>(b, d)
            .widths(&[2, 3])
            .invalid_raise(false)
            .run();
        let _ = io::genfromtxt_from::<c64>(b, d)
            .fixed_width(2)
            .usecols(&[-2])
            .run();
        let _ = io::fromregex_from::<f64>(b, r"([^ ,]+),?", d);
        let _ = io::fromstring::<f64>(&text, ",", -1, d);
        let _ = io::fromstring::<c128>(&text, " ; ", 3, d);
        let _ = io::fromstring::<u8>(&text, " ", -1, d);
        let _ = io::frombuffer::<c64>(b, -1, (next() % 8) as usize, d);
        let fmt = format!("%{text}");
        let a = Array::from_vec(d, &[1, 2], vec![1.5f64, -2.0]).unwrap();
        let mut out = Vec::new();
        let _ = io::savetxt_to(&mut out, &a).fmt(&fmt).run();
    }
}
