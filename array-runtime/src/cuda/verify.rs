//! Compiling generated kernels without a GPU: what the test suites use to prove that every
//! kernel the project ships is valid CUDA C (see `compile_all` for how).

use super::codegen::{self, OperandKind};
use super::{compile_options, nvrtc};
use crate::cuda::codegen::IndexWidth;
use crate::cuda::codegen_reduce::{reduction_module, ReduceSpec};
use crate::dtype::DTypeId;
use crate::error::{Error, Result};
use crate::kernel::elementwise::Instance;
use crate::kernel::raw::{cuda_module_source, RawKernelDef};
use crate::kernel::reduction::ReductionInstance;

/// Environment variable naming CI: when set, a missing NVRTC is a failure, not a skip.
const CI_ENV: &str = "CI";

/// Whether NVRTC can be loaded. When it cannot: an error under CI (`CI` set), otherwise `false`
/// after printing why, so that a local run without NVRTC skips the NVRTC checks.
///
/// ```
/// use array_runtime::cuda::verify;
/// match verify::nvrtc_or_skip("doc example") {
///     Ok(true) => println!("NVRTC found"),
///     Ok(false) => println!("skipped"),
///     Err(e) => println!("{e}"),
/// }
/// ```
pub fn nvrtc_or_skip(what: &str) -> Result<bool> {
    match nvrtc::nvrtc() {
        Ok(_) => Ok(true),
        Err(e) if std::env::var_os(CI_ENV).is_some() => Err(Error::CudaUnavailable {
            reason: format!("{what}: NVRTC is required under CI: {e}"),
        }),
        Err(e) => {
            eprintln!("skipped {what}: NVRTC not found ({e})");
            Ok(false)
        }
    }
}

/// Compiles every variant of an elementwise instance that a call can produce (all operands
/// arrays; each operand a scalar in turn; the strided path of two dimensions) to PTX,
/// together and quickly (see `compile_all` below). Returns the number of modules compiled.
///
/// ```no_run
/// # fn instance() -> array_runtime::kernel::elementwise::Instance<'static> { unimplemented!() }
/// let inst = instance(); // e.g. from a kernel's generated `DEF`
/// array_runtime::cuda::verify::elementwise(&inst)?;
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn elementwise(inst: &Instance<'_>) -> Result<usize> {
    let n = inst.params.len();
    let mut variants = vec![vec![OperandKind::Array; n]];
    for i in 0..n {
        let mut k = vec![OperandKind::Array; n];
        k[i] = OperandKind::Scalar;
        variants.push(k);
    }
    let sources: Vec<String> = variants
        .iter()
        .map(|kinds| codegen::elementwise_module(inst, kinds, 2))
        .collect();
    compile_all(&sources, &inst.name(), codegen::needs_half_headers(inst))
}

/// Compiles an elementwise instance (every operand an array) all the way, as a GPU run does:
/// the runtime's own options, a CUBIN for `sm_90`, so that the assembler (`ptxas`) runs on
/// the kernel's device code too. The module is cut to one entry point (contiguous, 32-bit
/// offsets: [`codegen::elementwise_entry_module`]): the assembler compiles a kernel's device
/// functions again for each entry point, and the others add only their loops, which
/// [`elementwise`] and [`modules`] compile. Returns 1, the modules compiled.
///
/// ```
/// use array_runtime::cuda::verify;
/// use array_runtime::kernel::elementwise::{ElementwiseDef, Instance};
/// use array_runtime::DTypeId;
/// static DEF: ElementwiseDef = ElementwiseDef {
///     name: "twice",
///     device_source: "KX_FN T kxf_twice(T x) { return x + x; }\n",
///     param_names: &["x"],
///     type_params: &["T"],
/// };
/// if verify::nvrtc_or_skip("doc example")? {
///     let inst = Instance { def: &DEF, type_args: &[DTypeId::F64],
///         params: &[DTypeId::F64], results: &[DTypeId::F64] };
///     assert_eq!(verify::assembled(&inst)?, 1);
/// }
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn assembled(inst: &Instance<'_>) -> Result<usize> {
    let kinds = vec![OperandKind::Array; inst.params.len()];
    let src =
        codegen::elementwise_entry_module(inst, &kinds, codegen::Path::Contiguous, IndexWidth::I32);
    let (options, _) = compile_options((9, 0), codegen::needs_half_headers(inst))?;
    nvrtc::compile(&src, &inst.name(), &options)?;
    Ok(1)
}

/// Compiles an elementwise instance (every operand an array) as the area tests do: one entry
/// point through the assembler ([`assembled`]) and the whole module to PTX ([`modules`]).
/// Returns 2, the modules compiled.
///
/// ```
/// use array_runtime::cuda::verify;
/// use array_runtime::kernel::elementwise::{ElementwiseDef, Instance};
/// use array_runtime::DTypeId;
/// static DEF: ElementwiseDef = ElementwiseDef {
///     name: "twice",
///     device_source: "KX_FN T kxf_twice(T x) { return x + x; }\n",
///     param_names: &["x"],
///     type_params: &["T"],
/// };
/// if verify::nvrtc_or_skip("doc example")? {
///     let inst = Instance { def: &DEF, type_args: &[DTypeId::F16],
///         params: &[DTypeId::F16], results: &[DTypeId::F16] };
///     assert_eq!(verify::instance(&inst)?, 2);
/// }
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn instance(inst: &Instance<'_>) -> Result<usize> {
    let whole = [inst.cuda_source()];
    Ok(assembled(inst)? + modules(&whole, &inst.name(), codegen::needs_half_headers(inst))?)
}

/// Compiles whole modules (`sources`, each with its own prelude, e.g. from
/// [`Instance::cuda_source`]) as [`elementwise`] compiles an instance's variants: to PTX,
/// together and quickly (see `compile_all` below). `half`: some module includes
/// `cuda_fp16.h`. Returns the number of modules compiled.
///
/// ```
/// use array_runtime::cuda::verify;
/// use array_runtime::kernel::elementwise::{ElementwiseDef, Instance};
/// use array_runtime::DTypeId;
/// static DEF: ElementwiseDef = ElementwiseDef {
///     name: "twice",
///     device_source: "KX_FN T kxf_twice(T x) { return x + x; }\n",
///     param_names: &["x"],
///     type_params: &["T"],
/// };
/// if verify::nvrtc_or_skip("doc example")? {
///     let sources: Vec<String> = [DTypeId::F32, DTypeId::F64]
///         .iter()
///         .map(|&t| {
///             Instance { def: &DEF, type_args: &[t], params: &[t], results: &[t] }.cuda_source()
///         })
///         .collect();
///     assert_eq!(verify::modules(&sources, "twice", false)?, 2);
/// }
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn modules(sources: &[String], name: &str, half: bool) -> Result<usize> {
    compile_all(sources, name, half)
}

/// Compiles many instantiations of `#[raw_kernel]`s as [`super::raw::verify`] compiles one (a
/// CUBIN for `sm_90`: front end, optimizer and assembler), in fewer NVRTC programs: the first
/// instantiation of each kernel alone, with the check that the CUBIN exports its entry point
/// under its C name, then the others 16 to a program ([`compile_together`]: the prelude parsed
/// once; ten small modules assembled in 40% of the time one by one). A failing program is
/// compiled again one module at a time, so that the error names the instantiation. Returns the
/// number of instantiations compiled.
///
/// ```
/// use array_runtime::cuda::verify;
/// use array_runtime::kernel::raw::{ParamKind, RawKernelDef};
/// use array_runtime::DTypeId;
/// static DEF: RawKernelDef = RawKernelDef {
///     name: "neg",
///     cuda_source: r#"extern "C" __global__ void kxr_neg(T* x, unsigned long long x_len,
///                                                      unsigned int* kx_err) {
///         unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
///         kxr::store(x, x_len, i, -kxr::load(x, x_len, i, 0u, kx_err), 0u, kx_err);
///     }"#,
///     params: &[ParamKind::generic_slice_mut(0)],
///     param_names: &["x"],
///     type_params: &["T"],
///     ..RawKernelDef::DEFAULT
/// };
/// if verify::nvrtc_or_skip("doc example")? {
///     let all = [DTypeId::F32, DTypeId::F64, DTypeId::I32].map(|t| (&DEF, vec![t]));
///     assert_eq!(verify::raw_kernels(&all)?, 3);
/// }
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn raw_kernels(instances: &[(&RawKernelDef, Vec<DTypeId>)]) -> Result<usize> {
    let mut seen = std::collections::HashSet::new();
    let mut rest = Vec::new();
    for (def, types) in instances {
        if seen.insert(def.name) {
            super::raw::verify(def, types)?;
        } else {
            rest.push((*def, types.as_slice()));
        }
    }
    let (sm, _) = compile_options((9, 0), true)?;
    for chunk in rest.chunks(16) {
        let sources: Vec<String> = chunk
            .iter()
            .map(|(def, types)| cuda_module_source(def, types))
            .collect();
        compile_together_named(
            &sources,
            "raw kernels",
            |i| codegen::sanitize(&chunk[i].0.instance_name(chunk[i].1)),
            &sm,
        )?;
    }
    Ok(instances.len())
}

/// Compiles the kernel of [`Array::astype`](crate::Array::astype) from `from` to `to` as
/// [`elementwise`] does. Returns the number of modules compiled.
///
/// ```no_run
/// use array_runtime::{cuda::verify, DTypeId};
/// verify::astype(DTypeId::F64, DTypeId::F16)?;
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn astype(from: DTypeId, to: DTypeId) -> Result<usize> {
    elementwise(&Instance {
        def: &crate::astype::astype_kernel::DEF,
        type_args: &[from, to],
        params: &[from],
        results: &[to],
    })
}

/// Compiles the identity kernel that copies and fills arrays of `dtype` on a device
/// (`Array::copy`, `Array::full`, `Array::assign`) as [`elementwise`] does. Returns the number
/// of modules compiled.
///
/// ```no_run
/// use array_runtime::{cuda::verify, DTypeId};
/// verify::copy(DTypeId::BF16)?;
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn copy(dtype: DTypeId) -> Result<usize> {
    elementwise(&Instance {
        def: &crate::copy::identity_kernel::DEF,
        type_args: &[dtype],
        params: &[dtype],
        results: &[dtype],
    })
}

/// Compiles the module shapes a reduction call can produce (contiguous rows with 32- and
/// 64-bit indices, strided rows, a general 2x2-dimensional layout; the last input a scalar in
/// turn) to PTX, together and quickly (see [`elementwise`]). Returns the number compiled.
pub fn reduction(inst: &ReductionInstance, has_identity: bool) -> Result<usize> {
    let n = inst.params.len();
    let arrays = vec![OperandKind::Array; n];
    let spec = |kept_ndim, reduced_ndim, contiguous_rows, index| ReduceSpec {
        kept_ndim,
        reduced_ndim,
        contiguous_rows,
        index,
    };
    let mut sources = vec![
        reduction_module(
            inst,
            has_identity,
            &arrays,
            &spec(1, 1, true, IndexWidth::I32),
        ),
        reduction_module(
            inst,
            has_identity,
            &arrays,
            &spec(1, 1, true, IndexWidth::I64),
        ),
        reduction_module(
            inst,
            has_identity,
            &arrays,
            &spec(1, 1, false, IndexWidth::I32),
        ),
        reduction_module(
            inst,
            has_identity,
            &arrays,
            &spec(2, 2, false, IndexWidth::I64),
        ),
    ];
    if n > 1 {
        let mut kinds = arrays.clone();
        kinds[n - 1] = OperandKind::Scalar;
        sources.push(reduction_module(
            inst,
            has_identity,
            &kinds,
            &spec(1, 1, false, IndexWidth::I32),
        ));
    }
    let half = crate::cuda::codegen_reduce::needs_half_headers(inst);
    compile_all(&sources, &inst.name(), half)
}

/// Compiles `sources`, the modules of one reduction call whose lazy operands are fused
/// ([`crate::kernel::reduction::ReduceCall::cuda_sources`]), to PTX together and quickly (see
/// [`elementwise`]). Returns the number compiled.
pub(crate) fn fused_reduction(sources: &[String], name: &str, half: bool) -> Result<usize> {
    compile_all(sources, name, half)
}

/// Compiles the sources of one instance (its call variants) together as one NVRTC program
/// ([`compile_together`]) to PTX for `compute_90` at NVRTC's fastest optimization level
/// ([`quick_options`]): every module goes through NVRTC's front end and code generation, which
/// is where a generated module can be wrong. The assembler (`sm_90` CUBINs) and the runtime's
/// full optimization are left to the tests that compile modules with the runtime's own options:
/// every instantiation of `math` and `special` through one entry point ([`assembled`] and
/// [`instance`], in `kernels-std/tests/math.rs`, `special.rs` and the other `special_*`
/// suites), every raw
/// kernel instantiation ([`raw_kernels`]) and the modules of
/// `array-runtime/tests/nvrtc_compile.rs` and `nvrtc_reduction.rs`. (Every variant as a CUBIN
/// with full optimization made NVRTC most of the test suite's time: `tests/reduce.rs` ran over
/// 500 s before it was stopped; 57 to 61 s this way.)
fn compile_all(sources: &[String], name: &str, half: bool) -> Result<usize> {
    let (sm, _) = compile_options((9, 0), half)?;
    compile_together(sources, name, &quick_options(&sm)?)?;
    Ok(sources.len())
}

/// Compiles `sources`, whole modules of the runtime's (each starting with its own copy of the
/// prelude), as one NVRTC program: the first module's prelude (and headers) once, then each
/// module's own code inside a namespace of its own, its include guards reset and its entry
/// points given C++ linkage, so that the modules' functions of one name stay apart. Measured
/// with 12 and 16 modules to quick PTX: 3.5 to 3.7 times faster together than one by one.
/// When the program fails, or a source has no prelude, each
/// source is compiled alone and the first failing one's error is returned, so the error names
/// the module; `KERNELS_CUDA_MODULE_LOG` lists each source as a module compiled.
///
/// ```
/// use array_runtime::cuda::{compile_options, verify};
/// if verify::nvrtc_or_skip("doc example")? {
///     let (options, _) = compile_options((9, 0), false)?;
///     let module = |body: &str| {
///         format!("#ifndef KX_PRELUDE_CUH\n#define KX_PRELUDE_CUH\n#endif // KX_PRELUDE_CUH\n{body}")
///     };
///     let one = module(r#"extern "C" __global__ void k(float* x) { x[0] = 1.0f; }"#);
///     let two = module(r#"extern "C" __global__ void k(float* x) { x[0] = 2.0f; }"#);
///     verify::compile_together(&[one.clone(), two], "k", &options)?;
///     let broken = module(r#"extern "C" __global__ void k(float* x) { x[0] = y; }"#);
///     let err = verify::compile_together(&[one, broken], "k", &options).unwrap_err();
///     assert!(err.to_string().contains("identifier \"y\" is undefined"), "{err}");
/// }
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn compile_together(sources: &[String], name: &str, options: &[String]) -> Result<()> {
    compile_together_named(sources, name, |_| name.to_string(), options)
}

/// [`compile_together`], where a source compiled alone (after the program failed, or when it
/// cannot be joined) is named `alone(i)` in NVRTC's diagnostics and errors: the error of a
/// failing module names it.
fn compile_together_named(
    sources: &[String],
    name: &str,
    alone: impl Fn(usize) -> String,
    options: &[String],
) -> Result<()> {
    let each = || -> Result<()> {
        for (i, src) in sources.iter().enumerate() {
            nvrtc::compile(src, &alone(i), options)?;
        }
        Ok(())
    };
    const PRELUDE_END: &str = "#endif // KX_PRELUDE_CUH\n";
    let split: Option<Vec<(&str, &str)>> = sources
        .iter()
        .map(|src| {
            src.find(PRELUDE_END)
                .map(|at| src.split_at(at + PRELUDE_END.len()))
        })
        .collect();
    let program = match split {
        Some(parts) if parts.len() > 1 => {
            // The headers differ only in their first comment and the fp16/bf16 includes: take
            // one with the includes if any module has them (the prelude's comments name the
            // header too, hence the whole directive).
            let header = parts
                .iter()
                .map(|(header, _)| *header)
                .find(|header| header.contains("#include <cuda_fp16.h>"))
                .unwrap_or(parts[0].0);
            let mut program = header.to_string();
            for (i, (_, body)) in parts.iter().enumerate() {
                // Include guards of the module's own code (its device functions') are reset:
                // each namespace needs its own copy.
                for guard in body.lines().filter_map(|l| l.strip_prefix("#ifndef ")) {
                    program.push_str(&format!("#undef {}\n", guard.trim()));
                }
                program.push_str(&format!("\nnamespace kx_module_{i} {{\n"));
                program.push_str(&body.replace("extern \"C\" __global__", "__global__"));
                program.push_str(&format!("\n}} // namespace kx_module_{i}\n"));
            }
            program
        }
        _ => return each(),
    };
    match nvrtc::nvrtc()?.compile(&program, name, options) {
        Ok(_) => {
            for src in sources {
                super::cache::log_module(
                    "nvrtc",
                    super::cache::CacheKey::new(src, &[], "", (0, 0)),
                    name,
                );
            }
            Ok(())
        }
        Err(together) => {
            each()?;
            // Each compiles alone: the combination is at fault (say so, with its log).
            Err(match together {
                Error::Compile {
                    kernel,
                    options,
                    log,
                } => Error::Compile {
                    kernel: format!("{kernel} ({} modules in one program)", sources.len()),
                    options,
                    log,
                },
                other => other,
            })
        }
    }
}

/// `options` (from [`compile_options`]) turned into NVRTC's quickest complete compile: PTX for
/// `compute_90` (no assembler), with `--Ofast-compile=max` where NVRTC has it (12.8 and later).
/// What the test suites compile a module's call variants with.
///
/// ```
/// use array_runtime::cuda::{compile_options, nvrtc, verify};
/// if verify::nvrtc_or_skip("doc example")? {
///     let (options, _) = compile_options((9, 0), false)?;
///     let quick = verify::quick_options(&options)?;
///     assert!(quick.contains(&"-arch=compute_90".to_string()));
///     let src = r#"extern "C" __global__ void k(float* x) { x[0] = 1.0f; }"#;
///     nvrtc::compile(src, "k", &quick)?;
/// }
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn quick_options(options: &[String]) -> Result<Vec<String>> {
    let mut quick: Vec<String> = options
        .iter()
        .map(|o| {
            if o.starts_with("-arch=") || o.starts_with("--gpu-architecture=") {
                "-arch=compute_90".to_string()
            } else {
                o.clone()
            }
        })
        .collect();
    if nvrtc::nvrtc()?.version() >= (12, 8) {
        quick.push("--Ofast-compile=max".to_string());
    }
    Ok(quick)
}

/// Compile checks of calls: here, at the top of the runtime, so the layers they check need no
/// NVRTC.
impl<T: crate::DType> crate::expr::Expr<T> {
    /// Compiles this expression's fused CUDA module with NVRTC, every variant a call can take
    /// (see [`elementwise`]); how tests prove fused kernels without a GPU.
    ///
    /// ```no_run
    /// use array_runtime::{Array, Device};
    /// let a = Array::from_vec(&Device::cpu(), &[2], vec![1.0f32, 2.0])?;
    /// (&a * 2.0 + &a).verify_cuda()?;
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn verify_cuda(&self) -> Result<usize> {
        self.with_cuda_instance(|_, inst| elementwise(inst))
    }
}

impl<K: crate::kernel::reduction::ReduceKernel> crate::kernel::reduction::ReduceCall<'_, K> {
    /// Compiles [`ReduceCall::cuda_sources`](crate::kernel::reduction::ReduceCall::cuda_sources) with NVRTC to PTX; how tests prove fused
    /// reductions without a GPU. Returns the number of modules compiled.
    ///
    /// ```no_run
    /// use array_runtime::kernel::reduction::{ReduceCall, ReduceKernel};
    /// fn check<K: ReduceKernel>(call: &ReduceCall<'_, K>) -> array_runtime::Result<usize> {
    ///     call.verify_cuda()
    /// }
    /// ```
    pub fn verify_cuda(&self) -> Result<usize> {
        let (sources, half) = self.cuda_sources()?;
        fused_reduction(&sources, &ReductionInstance::of::<K>().name(), half)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::raw::ParamKind;

    /// `%` of C: integers only, so the `f32` instantiation does not compile.
    static PARITY: RawKernelDef = RawKernelDef {
        name: "parity",
        cuda_source: r#"extern "C" __global__ void kxr_parity(T* x, unsigned long long x_len,
                                                         unsigned int* kx_err) {
            unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
            if (i < x_len) x[i] = x[i] % 2;
        }"#,
        params: &[ParamKind::generic_slice_mut(0)],
        param_names: &["x"],
        type_params: &["T"],
        ..RawKernelDef::DEFAULT
    };

    #[test]
    fn a_failing_raw_instantiation_in_a_batch_is_named() {
        if !nvrtc_or_skip("raw kernel batches").unwrap() {
            return;
        }
        let good = [DTypeId::I32, DTypeId::I64, DTypeId::U8].map(|t| (&PARITY, vec![t]));
        assert_eq!(raw_kernels(&good).unwrap(), 3);
        // Not the kernel's first instantiation: it is compiled in a program with others.
        let mut bad = good.to_vec();
        bad.insert(2, (&PARITY, vec![DTypeId::F32]));
        match raw_kernels(&bad) {
            Err(Error::Compile { kernel, log, .. }) => {
                assert_eq!(kernel, "parity__f32");
                assert!(log.contains("parity__f32.cu"), "{log}");
                assert!(log.contains("must have integral"), "{log}");
            }
            other => panic!("expected the f32 instantiation's error, got {other:?}"),
        }
    }

    static TWICE: crate::kernel::elementwise::ElementwiseDef =
        crate::kernel::elementwise::ElementwiseDef {
            name: "twice",
            device_source: "KX_FN T kxf_twice(T x) { return x + x; }\n",
            param_names: &["x"],
            type_params: &["T"],
        };

    /// A program of modules with and without half precision: the headers of the one that
    /// includes `cuda_fp16.h` head it, whichever comes first (the prelude's comments name the
    /// header in every module).
    #[test]
    fn modules_of_mixed_precision_compile_together() {
        if !nvrtc_or_skip("mixed batches").unwrap() {
            return;
        }
        let sources: Vec<String> = [DTypeId::F32, DTypeId::F16, DTypeId::BF16]
            .iter()
            .map(|&t| {
                Instance {
                    def: &TWICE,
                    type_args: &[t],
                    params: &[t],
                    results: &[t],
                }
                .cuda_source()
            })
            .collect();
        assert_eq!(modules(&sources, "twice", true).unwrap(), 3);
    }
}
