use kernel_macros_ui::prelude::*;

// Five arrays of 65536 `f64`s: 2.5 MiB per thread, past the 256 KiB a thread may hold (this
// compiled, then overflowed the CPU threads' stacks; on a GPU it needs twice the 512 KiB of
// local memory a thread can have).
#[elementwise]
fn five_tables(x: f64, i: u32) -> f64 {
    let a = [x; 65536];
    let b = [x; 65536];
    let c = [x; 65536];
    let d = [x; 65536];
    let e = [x; 65536];
    let k = i % 65536;
    a[k as usize] + b[k as usize] + c[k as usize] + d[k as usize] + e[k as usize]
}

fn main() {}
