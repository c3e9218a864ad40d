//! Heat diffusion written with operators, as in NumPy, saved as a PNG.
//!
//! A hot square spreads over a plate whose border is held at zero. Each step is NumPy's
//! `u[1:-1, 1:-1] = u[1:-1, 1:-1] + a * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] +
//! u[1:-1, 2:] - 4 * u[1:-1, 1:-1])`: one fused kernel for the stencil (it reads the neighbours
//! of what it writes, so it goes through a temporary), then the copy into the interior.
//!
//! `cargo run --release -p examples --bin heat [out.png]` (default `heat.png`); runs on
//! `Device::default()`.

use std::io::Write;

use kernels_std::prelude::*;
use kernels_std::s;

const N: usize = 256;
const STEPS: usize = 400;
const ALPHA: f32 = 0.2;

fn main() -> Result<()> {
    let dev = Device::default();
    let mut init = vec![0.0f32; N * N];
    for i in N / 2 - 24..N / 2 + 24 {
        for j in N / 2 - 40..N / 2 + 8 {
            init[i * N + j] = 100.0;
        }
    }
    let mut u = Array::from_vec(&dev, &[N, N], init)?;
    let total0: f32 = u.to_vec()?.iter().sum();
    for _ in 0..STEPS {
        let mid = u.slice(s![1..-1, 1..-1])?;
        let (up, down) = (u.slice(s![..-2, 1..-1])?, u.slice(s![2.., 1..-1])?);
        let (left, right) = (u.slice(s![1..-1, ..-2])?, u.slice(s![1..-1, 2..])?);
        let step = &mid + ALPHA * (&up + &down + &left + &right - 4.0 * &mid);
        drop((mid, up, down, left, right));
        u.assign_at(s![1..-1, 1..-1], step)?;
    }
    let v = u.to_vec()?;
    let (max, total) = (
        v.iter().cloned().fold(f32::MIN, f32::max),
        v.iter().sum::<f32>(),
    );
    let path = std::env::args().nth(1).unwrap_or_else(|| "heat.png".into());
    write_png(&path, &v, N, N, max)?;
    println!(
        "{STEPS} steps of a {N}x{N} plate on {dev}: peak {max:.2}, {:.1}% of the heat left on \
         the plate (its border is held at zero); wrote {path}",
        100.0 * total / total0
    );
    Ok(())
}

/// A colour for `t` in [0, 1]: black, red, yellow, white.
fn colour(t: f32) -> [u8; 3] {
    let t = t.clamp(0.0, 1.0);
    let ch = |x: f32| (x.clamp(0.0, 1.0) * 255.0).round() as u8;
    [ch(3.0 * t), ch(3.0 * t - 1.0), ch(3.0 * t - 2.0)]
}

/// Writes `v` (rows of `w` values) as an 8-bit RGB PNG, scaled by `max`.
fn write_png(path: &str, v: &[f32], w: usize, h: usize, max: f32) -> Result<()> {
    let mut raw = Vec::with_capacity(h * (1 + 3 * w));
    for row in v.chunks(w) {
        raw.push(0); // filter: none
        for &x in row {
            raw.extend_from_slice(&colour(x / max.max(f32::MIN_POSITIVE)));
        }
    }
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&(w as u32).to_be_bytes());
    ihdr.extend_from_slice(&(h as u32).to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]); // 8-bit RGB, deflate, no filter, no interlace
    chunk(&mut png, b"IHDR", &ihdr);
    chunk(
        &mut png,
        b"IDAT",
        &miniz_oxide::deflate::compress_to_vec_zlib(&raw, 6),
    );
    chunk(&mut png, b"IEND", &[]);
    std::fs::File::create(path)?.write_all(&png)?;
    Ok(())
}

/// One PNG chunk: length, type, data, CRC-32 of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = 0xffff_ffffu32;
    for &b in kind.iter().chain(data) {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    out.extend_from_slice(&(!crc).to_be_bytes());
}
