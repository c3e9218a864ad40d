//! `ArrayMethods`: each method gives what its free function gives, on the same array (builders
//! stay builders: the axes and options are chosen on the method's result).

use kernels_std as np;
use kernels_std::prelude::*;

fn same<T: DType + PartialEq + std::fmt::Debug>(got: Array<T>, want: Array<T>, what: &str) {
    assert_eq!(got.shape(), want.shape(), "{what}");
    assert_eq!(got.to_vec().unwrap(), want.to_vec().unwrap(), "{what}");
}

#[test]
fn methods_are_the_free_functions() {
    let dev = Device::cpu();
    let f = Array::from_vec(&dev, &[2, 3], vec![3.5f64, -1.0, 2.25, f64::NAN, 4.0, -2.5]).unwrap();
    let g = Array::from_vec(&dev, &[2, 3], vec![3.5f32, -1.0, 2.25, 0.5, 4.0, -2.5]).unwrap();
    let i = Array::from_vec(&dev, &[3, 2], vec![5i16, -3, 0, 7, 7, 1]).unwrap();
    let b = Array::from_vec(&dev, &[2, 2], vec![true, false, true, true]).unwrap();

    // Reductions: the builders, with axes and options chosen on the method's result.
    same(
        g.sum().axis(1).run().unwrap(),
        np::sum(&g).axis(1).run().unwrap(),
        "sum",
    );
    same(
        i.sum().run().unwrap(),
        np::sum(&i).run().unwrap(),
        "sum i16",
    );
    same(
        i.prod().axis(0).run().unwrap(),
        np::prod(&i).axis(0).run().unwrap(),
        "prod",
    );
    same(
        g.mean().axis(0).run().unwrap(),
        np::mean(&g).axis(0).run().unwrap(),
        "mean",
    );
    same(
        i.mean().run().unwrap(),
        np::mean(&i).run().unwrap(),
        "mean i16",
    );
    same(
        g.max().axis(1).run().unwrap(),
        np::max(&g).axis(1).run().unwrap(),
        "max",
    );
    same(
        i.min().axis(-1).keepdims(true).run().unwrap(),
        np::min(&i).axis(-1).keepdims(true).run().unwrap(),
        "min",
    );
    same(
        g.argmax().axis(1).run().unwrap(),
        np::argmax(&g).axis(1).run().unwrap(),
        "argmax",
    );
    same(
        i.argmin().run().unwrap(),
        np::argmin(&i).run().unwrap(),
        "argmin",
    );
    same(
        g.std().ddof(1).axis(1).run().unwrap(),
        np::std(&g).ddof(1).axis(1).run().unwrap(),
        "std",
    );
    same(
        i.var().axis(0).run().unwrap(),
        np::var(&i).axis(0).run().unwrap(),
        "var",
    );
    same(
        b.any().axis(0).run().unwrap(),
        np::any(&b).axis(0).run().unwrap(),
        "any",
    );
    same(
        b.all().axis(1).run().unwrap(),
        np::all(&b).axis(1).run().unwrap(),
        "all",
    );
    same(
        i.all().run().unwrap(),
        np::all(&i).run().unwrap(),
        "all i16",
    );
    // NaN propagates as in the functions (NaN != NaN: compare the bits).
    let nan_max = f.max().axis(1).run().unwrap().to_vec().unwrap();
    assert_eq!(nan_max[0], 3.5);
    assert!(nan_max[1].is_nan());
    assert_eq!(
        f.argmax().axis(1).run().unwrap().to_vec().unwrap(),
        vec![0, 0]
    );

    // The others: results.
    same(
        g.clip(0.0, 3.0).unwrap(),
        np::clip(&g, 0.0, 3.0).unwrap(),
        "clip scalars",
    );
    let lo = Array::from_vec(&dev, &[3], vec![0.0f32, 1.0, -3.0]).unwrap();
    same(
        g.clip(&lo, 2.0).unwrap(),
        np::clip(&g, &lo, 2.0).unwrap(),
        "clip array",
    );
    same(g.round(1).unwrap(), np::round(&g, 1).unwrap(), "round");
    same(
        i.round(-1).unwrap(),
        np::round(&i, -1).unwrap(),
        "round i16",
    );
    same(
        i.cumsum(None).unwrap(),
        np::cumsum(&i, None).unwrap(),
        "cumsum",
    );
    same(
        g.cumsum(Some(1)).unwrap(),
        np::cumsum(&g, Some(1)).unwrap(),
        "cumsum axis",
    );
    same(
        i.cumprod(Some(0)).unwrap(),
        np::cumprod(&i, Some(0)).unwrap(),
        "cumprod",
    );
    same(
        g.sort(Some(-1)).unwrap(),
        np::sort(&g, Some(-1)).unwrap(),
        "sort",
    );
    same(
        i.sort(None).unwrap(),
        np::sort(&i, None).unwrap(),
        "sort flat",
    );
    same(
        i.argsort(Some(0)).unwrap(),
        np::argsort(&i, Some(0)).unwrap(),
        "argsort",
    );
    assert_eq!(
        i.sort(Some(0)).unwrap().to_vec().unwrap(),
        vec![0, -3, 5, 1, 7, 7]
    );

    // Errors are the functions' errors.
    assert!(g.sum().axis(2).run().is_err());
    assert!(g.sort(Some(2)).is_err());
    assert!(g.cumsum(Some(-3)).is_err());
    let empty = Array::<f32>::zeros(&dev, &[0]).unwrap();
    assert!(empty.argmax().run().is_err());
    assert!(empty.max().run().is_err());
}
