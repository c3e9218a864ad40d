//! NumPy's promotion and casting tables (`np.promote_types`, `np.can_cast`, `np.result_type`;
//! ml_dtypes for bf16) against ours, every entry of `fixtures/promotion.txt`
//! (`scripts/fixtures/gen_promotion_fixtures.py`).

use array_runtime::{can_cast, promote_types, result_type, Casting, DTypeId};

const FIXTURE: &str = include_str!("fixtures/promotion.txt");

fn dtype(name: &str) -> DTypeId {
    DTypeId::ALL
        .into_iter()
        .find(|d| d.name() == name)
        .unwrap_or_else(|| panic!("unknown dtype {name:?} in the fixture"))
}

/// The fixture's lines of one kind, split into words (the kind dropped).
fn lines(kind: &str) -> Vec<Vec<&'static str>> {
    FIXTURE
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w[0] == kind)
        .map(|w| w[1..].to_vec())
        .collect()
}

#[test]
fn promote_types_matches_numpy_for_every_pair() {
    let rows = lines("promote");
    assert_eq!(rows.len(), 15 * 15);
    let mut wrong = Vec::new();
    for w in &rows {
        let (a, b, r) = (dtype(w[0]), dtype(w[1]), dtype(w[2]));
        if promote_types(a, b) != r {
            wrong.push(format!("{a} {b}: numpy {r}, ours {}", promote_types(a, b)));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn can_cast_matches_numpy_for_every_pair_and_rule() {
    let rows = lines("can_cast");
    assert_eq!(rows.len(), 15 * 15 * 5);
    let mut wrong = Vec::new();
    for w in &rows {
        let (a, b) = (dtype(w[0]), dtype(w[1]));
        let casting: Casting = w[2].parse().unwrap();
        let expected = match w[3] {
            "1" => true,
            "0" => false,
            other => panic!("bad can_cast answer {other:?}"),
        };
        if can_cast(a, b, casting) != expected {
            wrong.push(format!("{a} -> {b} {casting}: numpy {expected}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn result_type_matches_numpy_for_every_triple() {
    let rows = lines("result_type");
    assert_eq!(rows.len(), 15 * 15 * 15);
    let mut wrong = Vec::new();
    for w in &rows {
        let ts = [dtype(w[0]), dtype(w[1]), dtype(w[2])];
        let r = dtype(w[3]);
        let ours = result_type(&ts).unwrap();
        if ours != r {
            wrong.push(format!("{ts:?}: numpy {r}, ours {ours}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
