//! The engine modes a program runs in, each a name and the `porcini` flags that select it.
//!
//! The interpreter is the reference: every other mode must give exactly its output. The other
//! modes each stress a different part of the compiler: compiling every call target before it
//! has run (`immediate`, so nodes are compiled uninitialized), the same while collecting garbage
//! at every allocation (`gcstress`), without inlining or splitting, with loops replaced by OSR
//! code early (`osr`), and compiling after a short warm-up (`hot`), which is the mode where
//! nodes have specialized before compilation and then meet new types in compiled code.

use std::fmt;

/// An engine mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Mode {
    /// The short name used on the command line and in reports.
    pub name: &'static str,
    /// The flags passed to `porcini` before the program file.
    pub flags: &'static [&'static str],
}

impl Mode {
    /// The interpreter alone: the reference every other mode is compared with.
    pub const INTERP: Mode = Mode { name: "interp", flags: &["--engine.Compilation=false"] };

    /// Every mode, the reference first.
    pub const ALL: &'static [Mode] = &[
        Mode::INTERP,
        Mode { name: "default", flags: &[] },
        Mode {
            name: "immediate",
            flags: &["--engine.CompileImmediately", "--engine.BackgroundCompilation=false", "--engine.VerifyIR"],
        },
        Mode {
            name: "gcstress",
            flags: &[
                "--engine.CompileImmediately",
                "--engine.BackgroundCompilation=false",
                "--engine.GCStress",
                "--engine.VerifyIR",
            ],
        },
        Mode {
            name: "no-inlining",
            flags: &["--engine.CompileImmediately", "--engine.BackgroundCompilation=false", "--engine.Inlining=false"],
        },
        Mode {
            name: "no-splitting",
            flags: &["--engine.CompileImmediately", "--engine.BackgroundCompilation=false", "--engine.Splitting=false"],
        },
        Mode { name: "osr", flags: &["--engine.OSRCompilationThreshold=50", "--engine.BackgroundCompilation=false"] },
        Mode {
            name: "hot",
            flags: &[
                "--engine.SingleTierCompilationThreshold=20",
                "--engine.MinInvokeThreshold=1",
                "--engine.BackgroundCompilation=false",
            ],
        },
    ];

    /// The mode called `name`.
    pub fn by_name(name: &str) -> Option<Mode> {
        Mode::ALL.iter().copied().find(|m| m.name == name)
    }

    /// Modes from a comma-separated list of names. The interpreter is always included, first,
    /// since it is what the others are compared with.
    pub fn parse_list(list: &str) -> Result<Vec<Mode>, String> {
        let mut modes = vec![Mode::INTERP];
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let mode = Mode::by_name(name).ok_or_else(|| {
                let known: Vec<&str> = Mode::ALL.iter().map(|m| m.name).collect();
                format!("unknown mode '{name}' (known: {})", known.join(", "))
            })?;
            if !modes.contains(&mode) {
                modes.push(mode);
            }
        }
        Ok(modes)
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_start_with_the_interpreter() {
        let modes = Mode::parse_list("osr, immediate,osr").expect("known modes");
        let names: Vec<&str> = modes.iter().map(|m| m.name).collect();
        assert_eq!(names, ["interp", "osr", "immediate"]);
        assert!(Mode::parse_list("fast").is_err());
    }
}
