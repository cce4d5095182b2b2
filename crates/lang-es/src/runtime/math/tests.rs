//! Node v20's results for the `Math` functions, compared bit for bit.
//!
//! Each entry is a function, its arguments and the double node printed for them. The inputs
//! include the cases where a correctly rounded library, or msun's newer code, gives a different
//! last bit, so a drift towards either shows here.

#![allow(clippy::approx_constant)] // Some recorded values happen to be the nearest doubles to π, e, √2 and the like.

use super::*;

/// A two-argument function, its arguments, and node's result.
type Binary = (&'static str, fn(f64, f64) -> f64, f64, f64, f64);
/// A one-argument function, its argument, and node's result.
type Unary = (&'static str, fn(f64) -> f64, f64, f64);

/// Whether `got` is `want` bit for bit (the sign of zero included), any NaN matching any NaN.
fn same(got: f64, want: f64) -> bool {
    (got.is_nan() && want.is_nan()) || got.to_bits() == want.to_bits()
}

/// Results recorded from node v20 (V8 11.3). Node printed each as the shortest decimal that
/// reads back as the same double, so every literal here is that exact double. The inputs
/// include the cases where a correctly rounded library, or msun's newer code, differs.
#[test]
fn results_are_nodes() {
    let binary: &[Binary] = &[
        ("pow", pow, 10.0, -4.0, 0.00009999999999999999),
        ("pow", pow, 5.0, -4.0, 0.0015999999999999999),
        ("pow", pow, 10.0, -5.0, 0.000009999999999999999),
        ("pow", pow, 7.0, -2.0, 0.020408163265306124),
        ("pow", pow, 1.1, 10.0, 2.5937424601000023),
        ("pow", pow, 0.5, 3.3, 0.10153154954452945),
        ("pow", pow, 2.0, 0.5, 1.4142135623730951),
        ("pow", pow, 3.0, -3.0, 0.037037037037037035),
        ("pow", pow, 10.0, -7.0, 1e-7),
        ("pow", pow, 10.0, 21.0, 1e+21),
        ("pow", pow, 10.0, 308.0, 1e+308),
        ("pow", pow, 0.5, -745.1332191019411, 2.0297834883904113e+224),
        ("pow", pow, 0.5, 0.49999999999999994, 0.7071067811865475),
        ("pow", pow, 2.0, -1074.0, 5e-324),
        ("pow", pow, 2.0, 1024.0, f64::INFINITY),
        ("pow", pow, -8.0, 0.3333333333333333, f64::NAN),
        ("pow", pow, -2.0, 3.0, -8.0),
        ("pow", pow, -0.0, -1.0, f64::NEG_INFINITY),
        ("pow", pow, 0.0, -1.0, f64::INFINITY),
        ("pow", pow, 1.0, f64::INFINITY, f64::NAN),
        ("pow", pow, -1.0, f64::NEG_INFINITY, f64::NAN),
        ("pow", pow, 1.0, f64::NAN, f64::NAN),
        ("pow", pow, f64::NAN, 0.0, 1.0),
        ("pow", pow, 1.0000000000000002, 4503599627370496.0, 2.718281828459045),
        ("pow", pow, 0.9, 10000.0, 0.0),
        ("pow", pow, -0.5, -1075.0, f64::NEG_INFINITY),
        ("pow", pow, 1.0000001, 1000000000.0, 2.6881038582144647e+43),
        ("pow", pow, 2.718281828459045, 3.141592653589793, 23.140692632779263),
        ("pow", pow, 123.456, -7.89, 3.1475216724926214e-17),
        ("atan2", atan2, 0.1, -1e-20, 1.5707963267948966),
        ("atan2", atan2, -0.0, -1.0, -3.141592653589793),
        ("atan2", atan2, 1.0, 1.0, 0.7853981633974483),
        ("atan2", atan2, 709.782712893384, -2.220446049250313e-16, 1.5707963267948966),
        ("atan2", atan2, -3.0, -4.0, -2.498091544796509),
        ("atan2", atan2, f64::INFINITY, f64::NEG_INFINITY, 2.356194490192345),
        // Zeros, infinities and NaN.
        ("pow", pow, -0.0, 3.0, -0.0),
        ("pow", pow, -0.0, 0.5, 0.0),
        ("pow", pow, f64::NEG_INFINITY, 0.5, f64::INFINITY),
        ("pow", pow, f64::NEG_INFINITY, -3.0, -0.0),
        ("atan2", atan2, -0.0, 0.0, -0.0),
    ];
    let unary: &[Unary] = &[
        ("sin", sin, 1e+22, -0.8522008497671888),
        ("sin", sin, 3.141592653589793, 1.2246467991473532e-16),
        ("sin", sin, 2.3561944901923457, 0.707106781186547),
        ("sin", sin, 1e+300, -0.8178819121159085),
        ("sin", sin, 0.5, 0.479425538604203),
        ("sin", sin, -3.0, -0.1411200080598672),
        ("cos", cos, 0.1, 0.9950041652780257),
        ("cos", cos, 1e+22, 0.523214785395139),
        ("cos", cos, 1.7976931348623153e+308, 0.7222025328588297),
        ("cos", cos, 1.0471975511965976, 0.5000000000000001),
        ("cos", cos, 100000.0, -0.9993608074382124),
        ("tan", tan, -388093.50686856126, 2.5379275128304694e-10),
        ("tan", tan, 0.7853981633974483, 0.9999999999999999),
        ("tan", tan, 1e+22, -1.628778225606899),
        ("tan", tan, 1.5707963267948966, 16331239353195370.0),
        ("tan", tan, 0.7, 0.8422883804630794),
        ("asin", asin, 0.5, 0.5235987755982989),
        ("asin", asin, -0.99, -1.4292568534704693),
        ("acos", acos, -0.3, 1.8754889808102941),
        ("acos", acos, 0.97, 0.24556551751529213),
        ("atan", atan, 10000000000.0, 1.5707963266948965),
        ("atan", atan, 0.6, 0.5404195002705842),
        ("exp", exp, 1.0, 2.718281828459045),
        ("exp", exp, -745.1332191019411, 5e-324),
        ("exp", exp, 709.78, 1.7928227943945155e+308),
        ("exp", exp, 0.5, 1.6487212707001282),
        ("exp", exp, -1.5, 0.22313016014842982),
        ("expm1", expm1, 1e-10, 1.00000000005e-10),
        ("expm1", expm1, -40.0, -1.0),
        ("expm1", expm1, 0.3, 0.3498588075760031),
        ("log", log, 0.78125, -0.24686007793152578),
        ("log", log, 14.0, 2.6390573296152584),
        ("log", log, 0.29999999999999993, -1.2039728043259361),
        ("log", log, 5e-324, -744.4400719213812),
        ("log", log, 10.0, 2.302585092994046),
        ("log1p", log1p, -2.220446049250313e-16, -2.220446049250313e-16),
        ("log1p", log1p, 90.625, 4.517704160206816),
        ("log1p", log1p, 1523.0, 7.329093736246591),
        ("log1p", log1p, -0.5, -0.6931471805599453),
        ("log2", log2, 3.0, 1.584962500721156),
        ("log2", log2, 1e-300, -996.5784284662087),
        ("log2", log2, 10.0, 3.321928094887362),
        ("log10", log10, 3.141592653589793, 0.4971498726941338),
        ("log10", log10, 1.4142135623730951, 0.1505149978319906),
        ("log10", log10, 0.3333333333333333, -0.4771212547196625),
        ("log10", log10, 1000.0, 3.0),
        ("log10", log10, 2.0, 0.3010299956639812),
        ("log10", log10, 5e-324, -323.3062153431158),
        ("cbrt", cbrt, 2.302585092994046, 1.3205004784536851),
        ("cbrt", cbrt, 0.7071067811865476, 0.8908987181403394),
        ("cbrt", cbrt, 27.0, 3.0),
        ("cbrt", cbrt, -5e-324, -1.7031839360032603e-108),
        ("cbrt", cbrt, 100.0, 4.641588833612779),
        ("sinh", sinh, 709.7827128933841, 8.98846567431239e+307),
        ("sinh", sinh, 1.0, 1.1752011936438014),
        ("sinh", sinh, -0.5, -0.5210953054937474),
        ("sinh", sinh, 30.0, 5343237290762.231),
        ("cosh", cosh, 1.0, 1.5430806348152437),
        ("cosh", cosh, 22.5, 2955261031.5116453),
        ("cosh", cosh, 0.2, 1.020066755619076),
        ("cosh", cosh, -3.0, 10.067661995777765),
        ("tanh", tanh, 0.975, 0.750893283625167),
        ("tanh", tanh, 0.3, 0.2913126124515909),
        ("tanh", tanh, -1.5, -0.9051482536448664),
        ("tanh", tanh, 0.98, 0.7530659048695519),
        ("asinh", asinh, 268435456.0, 20.101268236238415),
        ("asinh", asinh, 7.450580596923826e-9, 7.450580596923825e-9),
        ("asinh", asinh, 1.0, 0.881373587019543),
        ("asinh", asinh, -3.0, -1.8184464592320668),
        ("acosh", acosh, 22.000000000000004, 3.7836727043294514),
        ("acosh", acosh, 268435455.99999994, 20.101268236238415),
        ("acosh", acosh, 1.5, 0.9624236501192069),
        ("acosh", acosh, 3.0, 1.7627471740390859),
        ("atanh", atanh, 3.725290298461913e-9, 3.725290298461913e-9),
        ("atanh", atanh, 0.5, 0.5493061443340548),
        ("atanh", atanh, -0.9, -1.4722194895832204),
        // Zeros, infinities and NaN.
        ("sin", sin, -0.0, -0.0),
        ("tanh", tanh, -0.0, -0.0),
        ("cbrt", cbrt, -0.0, -0.0),
        ("log1p", log1p, -0.0, -0.0),
        ("expm1", expm1, -0.0, -0.0),
        ("asinh", asinh, -0.0, -0.0),
        ("atanh", atanh, -0.0, -0.0),
        ("tanh", tanh, f64::INFINITY, 1.0),
        ("cosh", cosh, f64::NEG_INFINITY, f64::INFINITY),
        ("sinh", sinh, f64::NEG_INFINITY, f64::NEG_INFINITY),
        ("exp", exp, f64::NEG_INFINITY, 0.0),
        ("log", log, -1.0, f64::NAN),
        ("acosh", acosh, 0.5, f64::NAN),
        ("atanh", atanh, 1.0, f64::INFINITY),
        ("sin", sin, f64::INFINITY, f64::NAN),
        ("log10", log10, 0.0, f64::NEG_INFINITY),
        ("cos", cos, f64::NAN, f64::NAN),
    ];
    let mut wrong = Vec::new();
    for &(name, f, x, y, want) in binary {
        let got = f(x, y);
        if !same(got, want) {
            wrong.push(format!("{name}({x:?}, {y:?}) = {got:?}, node gives {want:?}"));
        }
    }
    for &(name, f, x, want) in unary {
        let got = f(x);
        if !same(got, want) {
            wrong.push(format!("{name}({x:?}) = {got:?}, node gives {want:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_operator_is_this_pow() {
    assert_eq!(crate::nodes::arith::js_pow(10.0, -4.0).to_bits(), 0.00009999999999999999f64.to_bits());
    assert_eq!(crate::nodes::arith::js_pow(5.0, -4.0).to_bits(), 0.0015999999999999999f64.to_bits());
}
