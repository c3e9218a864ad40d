//! `std::ops` on arrays: `&a + &b`, `&a * 2.0`, `2.0 * &a`, `-&a`, `!&a`, `&a << &n`, ...
//!
//! Every operator builds a lazy [`Expr`](crate::expr::Expr) (no kernel runs, nothing to
//! unwrap): `&a * &x + &b` reads as in NumPy, and `.eval()?` runs the whole chain as one fused
//! kernel on the operands' device. Broadcasting, device and dtype errors surface there, as
//! values. Operands are borrowed or owned arrays (any view), expressions, or, on either side,
//! a scalar of the array's dtype (NEP 50: the scalar takes the array's dtype). The impls are
//! in `expr/operators.rs`.
//!
//! ```
//! use array_runtime::{Array, Device};
//! let a = Array::from_vec(&Device::cpu(), &[3], vec![1i32, -7, 7])?;
//! assert_eq!((&a % 3).to_vec()?, vec![1, 2, 1]);
//! assert_eq!((&a / 2).to_vec()?, vec![0.5, -3.5, 3.5]); // true division: f64
//! assert_eq!((!&a).to_vec()?, vec![-2, 6, -8]);
//! let t = Array::from_vec(&Device::cpu(), &[2], vec![true, false])?;
//! assert_eq!((&t + &t).to_vec()?, vec![true, false]); // logical or
//! assert_eq!((&t / true).to_vec()?, vec![1.0, 0.0]); // f64
//! # Ok::<(), array_runtime::Error>(())
//! ```
//!
//! | NumPy | here | dtypes |
//! |---|---|---|
//! | `a + b`, `a - b`, `a * b` | `&a + &b`, ... | integers (wrapping), floats, complex; `+` and `*` also `bool` (logical or, and) |
//! | `a / b` | `&a / &b` | floats, complex: same dtype; integers and `bool`: `Array<f64>` (true division) |
//! | `a // b` | [`Arithmetic::floor_divide`] (no Rust operator) | integers, floats |
//! | `a % b` | `&a % &b` (NumPy's `remainder`: the divisor's sign) | integers, floats |
//! | `-a` | `-&a` | integers (wrapping), floats, complex |
//! | `a & b`, `a \| b`, `a ^ b`, `~a` | `&a & &b`, `&a \| &b`, `&a ^ &b`, `!&a` | integers, `bool` |
//! | `a << n`, `a >> n` | `&a << &n`, `&a >> &n` (count of the same dtype) | integers |
//! | `a < b`, ... | [`Cmp::less`](crate::expr::Cmp::less), ... (lazy), [`Compare::less`] (eager) | numbers, `bool`, complex (lexicographic) |
//! | `a == b`, `a != b` | [`Cmp::equal`](crate::expr::Cmp::equal), [`Equality::equal`], [`Equality::not_equal`] | numbers, `bool`, complex |
//!
//! Two arrays or expressions of different dtypes promote as NumPy does (`&a_i32 * &b_f32` is
//! `Expr<f64>`: [`Promote`](crate::promote::Promote)); a scalar takes the array's dtype (NEP
//! 50). `bool`'s `-` and unary `-` do not compile (NumPy raises a `TypeError` for them); a
//! scalar of another dtype than the array's does not compile (convert it).
//!
//! [`Arithmetic::floor_divide`]: crate::ops::Arithmetic::floor_divide
//! [`Compare::less`]: crate::ops::Compare::less
//! [`Equality::equal`]: crate::ops::Equality::equal
//! [`Equality::not_equal`]: crate::ops::Equality::not_equal
