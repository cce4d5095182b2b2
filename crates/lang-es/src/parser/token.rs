//! The tokens the lexer produces and the parser consumes.
//!
//! Reserved words that can never be identifiers are [`Kw`] keywords. Words that are keywords
//! only in some contexts (`let`, `static`, `get`, `set`, `of`, `async`, `await`, `yield`, and the
//! strict-mode reserved words) are lexed as identifiers, and the parser looks at their text where
//! the context matters. Literal values travel in [`TokenValue`].

use crate::parser::js_string::JsString;

/// Reserved words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kw {
    Break,
    Case,
    Catch,
    Class,
    Const,
    Continue,
    Debugger,
    Default,
    Delete,
    Do,
    Else,
    Enum,
    Export,
    Extends,
    False,
    Finally,
    For,
    Function,
    If,
    Import,
    In,
    Instanceof,
    New,
    Null,
    Return,
    Super,
    Switch,
    This,
    Throw,
    True,
    Try,
    Typeof,
    Var,
    Void,
    While,
    With,
}

impl Kw {
    pub(crate) fn from_str(s: &str) -> Option<Kw> {
        Some(match s {
            "break" => Kw::Break,
            "case" => Kw::Case,
            "catch" => Kw::Catch,
            "class" => Kw::Class,
            "const" => Kw::Const,
            "continue" => Kw::Continue,
            "debugger" => Kw::Debugger,
            "default" => Kw::Default,
            "delete" => Kw::Delete,
            "do" => Kw::Do,
            "else" => Kw::Else,
            "enum" => Kw::Enum,
            "export" => Kw::Export,
            "extends" => Kw::Extends,
            "false" => Kw::False,
            "finally" => Kw::Finally,
            "for" => Kw::For,
            "function" => Kw::Function,
            "if" => Kw::If,
            "import" => Kw::Import,
            "in" => Kw::In,
            "instanceof" => Kw::Instanceof,
            "new" => Kw::New,
            "null" => Kw::Null,
            "return" => Kw::Return,
            "super" => Kw::Super,
            "switch" => Kw::Switch,
            "this" => Kw::This,
            "throw" => Kw::Throw,
            "true" => Kw::True,
            "try" => Kw::Try,
            "typeof" => Kw::Typeof,
            "var" => Kw::Var,
            "void" => Kw::Void,
            "while" => Kw::While,
            "with" => Kw::With,
            _ => return None,
        })
    }
}

/// Whether `name` is reserved in strict mode code only.
pub(crate) fn is_strict_reserved(name: &str) -> bool {
    matches!(
        name,
        "implements"
            | "interface"
            | "let"
            | "package"
            | "private"
            | "protected"
            | "public"
            | "static"
            | "yield"
    )
}

/// Token kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tok {
    Eof,
    /// An identifier or contextual keyword; its text is the token's source.
    Ident,
    Kw(Kw),
    Number,
    String,
    /// A template piece: `` `...` ``, `` `...${ ``, `}...${` or `` }...` ``.
    Template,
    /// `#name`, recognised only to reject private names.
    PrivateName,
    LBrace,
    RBrace,
    LParen,
    RParen,
    LBracket,
    RBracket,
    Dot,
    Ellipsis,
    Semi,
    Comma,
    Lt,
    Gt,
    LtEq,
    GtEq,
    EqEq,
    NotEq,
    EqEqEq,
    NotEqEq,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    StarStar,
    PlusPlus,
    MinusMinus,
    Shl,
    Shr,
    UShr,
    Amp,
    Pipe,
    Caret,
    Bang,
    Tilde,
    AmpAmp,
    PipePipe,
    Question,
    QuestionQuestion,
    QuestionDot,
    Colon,
    Arrow,
    Assign,
    PlusAssign,
    MinusAssign,
    StarAssign,
    SlashAssign,
    PercentAssign,
    StarStarAssign,
    ShlAssign,
    ShrAssign,
    UShrAssign,
    AmpAssign,
    PipeAssign,
    CaretAssign,
    AmpAmpAssign,
    PipePipeAssign,
    QuestionQuestionAssign,
}

/// The value a literal token carries.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) enum TokenValue {
    #[default]
    None,
    Number(f64),
    String(JsString),
    /// A template piece: its cooked text, and whether it ends the template (`` ` ``) rather
    /// than opening a substitution (`${`).
    Template {
        cooked: JsString,
        tail: bool,
    },
}

/// A token with its position.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Token {
    pub kind: Tok,
    pub start: u32,
    pub end: u32,
    /// Whether a line terminator separates this token from the previous one, which automatic
    /// semicolon insertion and the restricted productions depend on.
    pub nl_before: bool,
    pub value: TokenValue,
    /// An error this token is in strict mode code only (legacy octal literals and escapes): the
    /// lexer cannot know the strictness of the code it lexes ahead, so the parser raises it when
    /// it consumes the token.
    pub strict_error: Option<(&'static str, u32)>,
}
