//! One rule for integers in every program: an optional sign, digits, leading zeros allowed.

use crate::common;

use common::text;

/// A case of each program with its first number written as `first` (1 in each case, or 0 for
/// sliding's blank), and the answer when `first` means that number.
fn case_with(program: &str, first: &str) -> (String, &'static str) {
    match program {
        "rotation" => {
            (format!("{first} 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n0\n"), "AC\n2\n")
        }
        "wall-pusher" => (
            "2 3
10 2 10 10 2 6
3 12 11 14 9 4
13 15 3 6 15 13
14 11 12 9 14 11
0 0
"
            .replacen('2', first, 1),
            "NESESEENNWNWWWWW\n",
        ),
        _ => (format!("1 {first} 2 3 4 5 6 7 8\n"), "L\n"),
    }
}

#[test]
fn every_program_reads_the_same_tokens_the_same_way() {
    for (program, one) in [("rotation", "1"), ("wall-pusher", "2"), ("sliding", "0")] {
        // Written differently, the same number.
        let same: Vec<String> = if one == "0" {
            vec!["0".into(), "+0".into(), "-0".into(), "000".into()]
        } else {
            vec![one.into(), format!("+{one}"), format!("0{one}"), format!("+00{one}")]
        };
        for token in &same {
            let (input, answer) = case_with(program, token);
            common::run(program, &[], input).success().stdout(answer);
        }
        // Not integers at all.
        for token in ["+", "-", "++1", "+-1", "1-", "1.0", "0x1"] {
            let (input, _) = case_with(program, token);
            let output = common::run(program, &[], input).code(2);
            let stderr = text(&output.get_output().stderr);
            assert!(
                stderr.contains("case 1") && stderr.contains("not an integer"),
                "{program} {token}: {stderr}"
            );
        }
    }
}

#[test]
fn the_rule_is_in_every_help() {
    for program in ["rotation", "wall-pusher", "sliding"] {
        let help = common::run(program, &["--help"], "").success().get_output().stdout.clone();
        assert!(
            text(&help).contains("An integer in the input is an optional sign (+ or -)"),
            "{program}"
        );
    }
}
