//! The guest languages the tester writes programs in: SL, and EasyScript (JavaScript).
//!
//! Everything past the program's text is shared: a campaign writes the text to a file with the
//! language's extension (the launcher picks the language by it) and compares runs the same way.
//! What differs is here: how a seed becomes a program, how a program is checked for validity
//! without running it, and how it is reduced (SL through its model, EasyScript by lines).

use crate::mode::Mode;
use crate::{es, sl};

/// A guest language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// SimpleLanguage.
    Sl,
    /// EasyScript, the JavaScript subset: node is its oracle.
    Es,
}

impl Lang {
    /// The language called `name` on the command line (`sl`, `es` or `js`).
    pub fn by_name(name: &str) -> Option<Lang> {
        match name {
            "sl" => Some(Lang::Sl),
            "es" | "js" => Some(Lang::Es),
            _ => None,
        }
    }

    /// The language of a file, by its extension.
    pub fn of_file(path: &std::path::Path) -> Option<Lang> {
        match path.extension()?.to_str()? {
            "sl" => Some(Lang::Sl),
            "js" => Some(Lang::Es),
            _ => None,
        }
    }

    /// Its short name.
    pub fn name(self) -> &'static str {
        match self {
            Lang::Sl => "sl",
            Lang::Es => "es",
        }
    }

    /// The extension of its program files, which tells the launcher the language.
    pub fn extension(self) -> &'static str {
        match self {
            Lang::Sl => "sl",
            Lang::Es => "js",
        }
    }

    /// The name a campaign gives its program files (the same for every program, so that error
    /// messages, which name the file, read the same in every report).
    pub fn file_name(self) -> &'static str {
        match self {
            Lang::Sl => "prog.sl",
            Lang::Es => "prog.js",
        }
    }

    /// The program text of `seed`.
    pub fn program(self, seed: u64) -> String {
        match self {
            Lang::Sl => sl::print::program(&sl::for_seed(seed)),
            Lang::Es => es::for_seed(seed),
        }
    }

    /// The modes a campaign compares by default: every porcini mode, and node for EasyScript
    /// when there is one.
    pub fn default_modes(self, node: bool) -> Vec<Mode> {
        let mut modes = Mode::ALL.to_vec();
        if self == Lang::Es && node {
            modes.push(Mode::NODE);
        }
        modes
    }

    /// Whether `text` is a valid program, checked in-process by the language's parser.
    pub fn parse_check(self, text: &str) -> Result<(), String> {
        match self {
            Lang::Sl => lang_sl::parser::parse(text).map(|_| ()).map_err(|e| format!("{e:?}")),
            Lang::Es => lang_es::parser::parse_module(text, "prog.js").map(|_| ()).map_err(|e| format!("{e:?}")),
        }
    }

    /// Reduces `text` while `interesting` holds for it, telling `progress` the statements and
    /// lines of each smaller program accepted. Fails if the text is not a valid program.
    pub fn reduce(
        self,
        text: &str,
        interesting: &mut dyn FnMut(&str) -> bool,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<String, String> {
        match self {
            Lang::Sl => {
                let program = sl::from_ast::parse(text).map_err(|e| format!("the program does not parse: {e:?}"))?;
                let mut test = |p: &sl::model::Program| interesting(&sl::print::program(p));
                let mut told = |p: &sl::model::Program| {
                    progress(p.statement_count(), sl::print::program(p).lines().count());
                };
                Ok(sl::print::program(&sl::reduce::reduce(program, &mut test, &mut told)))
            }
            Lang::Es => {
                self.parse_check(text).map_err(|e| format!("the program does not parse: {e}"))?;
                Ok(es::reduce::reduce(text, interesting, progress))
            }
        }
    }
}
