//! A heuristic chosen by name: the names a command line (`--heuristic`), a cluster's work file or
//! the explorer's requests give a puzzle's heuristics ([`Puzzle::HEURISTICS`](crate::Puzzle),
//! each named by its `Display`), read back with a typed error.

use std::fmt;

/// A heuristic's name that the puzzle does not know; its message lists the names it does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnknownHeuristic {
    /// The name as given.
    pub name: String,
    /// The names the puzzle knows, in the order `--help` lists them.
    pub known: Vec<String>,
}

impl fmt::Display for UnknownHeuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, known) = (&self.name, self.known.join(", "));
        write!(f, "unknown heuristic {name:?}: the heuristics are {known}")
    }
}

impl std::error::Error for UnknownHeuristic {}

/// The heuristic of `all` whose name (its `Display`) is `name`: what a puzzle's heuristic type
/// answers to `FromStr` with.
///
/// ```
/// use search_cli::heuristic_by_name;
///
/// let all = ["gaps", "zero"];
/// assert_eq!(heuristic_by_name(&all, "zero"), Ok("zero"));
/// let unknown = heuristic_by_name(&all, "psychic").unwrap_err();
/// assert_eq!(unknown.to_string(), r#"unknown heuristic "psychic": the heuristics are gaps, zero"#);
/// ```
///
/// # Errors
///
/// [`UnknownHeuristic`] when no heuristic of `all` bears the name.
pub fn heuristic_by_name<H: Copy + fmt::Display>(
    all: &[H],
    name: &str,
) -> Result<H, UnknownHeuristic> {
    all.iter().copied().find(|heuristic| heuristic.to_string() == name).ok_or_else(|| {
        UnknownHeuristic { name: name.to_owned(), known: all.iter().map(H::to_string).collect() }
    })
}

/// Declares a puzzle's heuristics by name ([`Puzzle::Heuristic`](crate::Puzzle::Heuristic)): an
/// enum of unit variants, each written once with the name the command line, a cluster's files
/// and the explorer give it, and what every such enum has: `ALL` (every heuristic, in the order
/// `--help` lists them, for [`Puzzle::HEURISTICS`](crate::Puzzle::HEURISTICS)), `name`, `Display`
/// (the name), `FromStr` (by name, with [`UnknownHeuristic`] for another), and `Clone`, `Copy`,
/// `Debug`, `PartialEq`, `Eq`, `Hash`.
///
/// ```
/// search_cli::heuristic_names! {
///     /// The pancake stack's heuristics.
///     pub enum Bound {
///         /// Adjacent pancakes that are not neighbours in the goal.
///         Gaps = "gaps",
///         /// None at all.
///         Zero = "zero",
///     }
/// }
///
/// assert_eq!(Bound::ALL, [Bound::Gaps, Bound::Zero]);
/// assert_eq!("zero".parse(), Ok(Bound::Zero));
/// assert_eq!(Bound::Gaps.to_string(), "gaps");
/// let unknown = "psychic".parse::<Bound>().unwrap_err();
/// assert_eq!(unknown.to_string(), r#"unknown heuristic "psychic": the heuristics are gaps, zero"#);
/// ```
#[macro_export]
macro_rules! heuristic_names {
    (
        $(#[$attribute:meta])*
        $visibility:vis enum $name:ident {
            $( $(#[$variant_attribute:meta])* $variant:ident = $text:literal ),+ $(,)?
        }
    ) => {
        $(#[$attribute])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $visibility enum $name {
            $( $(#[$variant_attribute])* $variant ),+
        }

        impl $name {
            /// Every heuristic, in the order `--help` lists them.
            pub const ALL: [$name; [$($text),+].len()] = [$($name::$variant),+];

            /// The name `FromStr` accepts and `Display` writes.
            #[must_use]
            pub fn name(self) -> &'static str {
                match self {
                    $( $name::$variant => $text ),+
                }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::UnknownHeuristic;

            fn from_str(name: &str) -> ::std::result::Result<Self, $crate::UnknownHeuristic> {
                $crate::heuristic_by_name(&Self::ALL, name)
            }
        }
    };
}
