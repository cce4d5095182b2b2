//! The guest value representation shared by every language and by compiled code.
//!
//! A [`Value`] is two machine words: a tag word and a payload word, `#[repr(C)]` so that compiled
//! code can read and write it directly. Integers are full 64-bit and unboxed; heap references store
//! the object's address in the payload, which is what the conservative root scan of the native stack
//! and of the value stack recognises.
//!
//! ```text
//!   offset 0: tag  (u64, one of `Tag`)        offset 8: payload (u64)
//!   Empty    0                                0            (an unassigned local; never a guest value)
//!   Null     1                                0
//!   Bool     2                                0 or 1
//!   Int      3                                the i64, two's complement
//!   Double   4                                the f64 bits
//!   String   5                                address of a `Gc<GuestStr>`
//!   BigInt   6                                address of a `Gc<BigInt>`
//!   Object   7                                address of a `Gc<DynObject>`
//!   Function 8                                address of a `Gc<FunctionObject>`
//!   Host     9                                address of a `Gc<HostObject>` (language-defined kinds)
//! ```
//!
//! Tag 0 is `Empty` so that zeroed memory (a fresh value stack) reads as "unassigned".
//! This module is one of the three places `unsafe` is allowed: turning a payload back into a typed
//! `Gc` pointer relies on the tag being truthful, which the safe constructors guarantee.

use std::fmt;

use porcini_gc::{Gc, Trace, Tracer};

use crate::bigint::BigInt;
use crate::function::FunctionObject;
use crate::host::HostObject;
use crate::object::DynObject;
use crate::elements::Elements;
use crate::record::Record;
use crate::string::GuestStr;

/// The kind of a [`Value`]; the numbering is part of the layout compiled code relies on.
///
/// Tags 0 to 9 are the framework's own kinds. A language adds kinds of its own without editing
/// this enum: it names some of the generic language tags, the immediates `Imm0`..`Imm15` (no heap
/// reference: JavaScript's `undefined`, say) and the heap kinds `Ref0`..`Ref31`, each the tag of
/// one Rust type of heap object (see [`HeapKind`]). Being an enum, the tag leaves the numbers from
/// 48 on unused, which is what lets `Result<Value, Unwind>` stay two words.
#[repr(u64)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[rustfmt::skip]
pub enum Tag {
    /// An unassigned local variable; never observable by guest code.
    Empty = 0,
    /// The null value.
    Null = 1,
    /// A boolean.
    Bool = 2,
    /// A 64-bit integer.
    Int = 3,
    /// A 64-bit float.
    Double = 4,
    /// An immutable string.
    String = 5,
    /// An arbitrary-precision integer (only for values outside the `i64` range).
    BigInt = 6,
    /// A dynamic object with a shape.
    Object = 7,
    /// A callable function object.
    Function = 8,
    /// A language-defined heap object (e.g. SL's type objects).
    Host = 9,
    /// A record of value slots (a language's environment of captured variables).
    Record = 10,
    /// An array's elements.
    Elements = 11,
    /// Language-defined immediate values: the payload word is the language's to interpret.
    Imm0 = 16, Imm1, Imm2, Imm3, Imm4, Imm5, Imm6, Imm7,
    /// (More language-defined immediates.)
    Imm8, Imm9, Imm10, Imm11, Imm12, Imm13, Imm14, Imm15,
    /// Language-defined heap kinds: the payload word is the address of a live heap object of
    /// the Rust type whose [`HeapKind::TAG`] this is.
    Ref0 = 32, Ref1, Ref2, Ref3, Ref4, Ref5, Ref6, Ref7,
    /// (More language-defined heap kinds.)
    Ref8, Ref9, Ref10, Ref11, Ref12, Ref13, Ref14, Ref15,
    /// (More language-defined heap kinds.)
    Ref16, Ref17, Ref18, Ref19, Ref20, Ref21, Ref22, Ref23,
    /// (More language-defined heap kinds.)
    Ref24, Ref25, Ref26, Ref27, Ref28, Ref29, Ref30, Ref31,
}

/// Every tag, by number (the numbers without a tag hold `None`).
#[rustfmt::skip]
const TAGS: [Option<Tag>; 64] = {
    use Tag::*;
    [
        Some(Empty), Some(Null), Some(Bool), Some(Int), Some(Double), Some(String), Some(BigInt), Some(Object),
        Some(Function), Some(Host), Some(Record), Some(Elements), None, None, None, None,
        Some(Imm0), Some(Imm1), Some(Imm2), Some(Imm3), Some(Imm4), Some(Imm5), Some(Imm6), Some(Imm7),
        Some(Imm8), Some(Imm9), Some(Imm10), Some(Imm11), Some(Imm12), Some(Imm13), Some(Imm14), Some(Imm15),
        Some(Ref0), Some(Ref1), Some(Ref2), Some(Ref3), Some(Ref4), Some(Ref5), Some(Ref6), Some(Ref7),
        Some(Ref8), Some(Ref9), Some(Ref10), Some(Ref11), Some(Ref12), Some(Ref13), Some(Ref14), Some(Ref15),
        Some(Ref16), Some(Ref17), Some(Ref18), Some(Ref19), Some(Ref20), Some(Ref21), Some(Ref22), Some(Ref23),
        Some(Ref24), Some(Ref25), Some(Ref26), Some(Ref27), Some(Ref28), Some(Ref29), Some(Ref30), Some(Ref31),
    ]
};

/// A Rust type of language-defined heap object that guest values hold directly, under a tag of
/// its own: JavaScript's strings, arrays and function code, say. [`Value::from_kind`] makes such
/// a value and [`Value::as_kind`] reads it back, checking the object's type as well as the tag,
/// so two kinds that named the same tag by mistake can be told apart rather than confused.
///
/// The heap holds a kind inside a [`KindObject`], which the framework traces by asking the
/// kind: so a language declares what its objects refer to without writing unsafe code.
pub trait HeapKind: Sized + 'static {
    /// The kind's tag: one of `Tag::Ref0`..`Tag::Ref31`, used by no other kind of the language.
    const TAG: Tag;
    /// Reports every value and heap reference the object holds (the collector frees whatever
    /// no one reports), as [`Trace::trace`] does.
    fn trace(&self, tracer: &mut Tracer);
    /// Bytes the object owns outside itself (a vector's buffer), as [`Trace::extra_bytes`].
    fn extra_bytes(&self) -> usize {
        0
    }
    /// Whether the sweep must run the object's destructor, as [`Trace::needs_drop`]: fixed
    /// for the object's life.
    fn needs_drop(&self) -> bool {
        true
    }
}

/// The heap object that holds a language's [`HeapKind`]; it dereferences to the kind.
#[repr(transparent)]
pub struct KindObject<K: HeapKind>(pub K);

impl<K: HeapKind> std::ops::Deref for KindObject<K> {
    type Target = K;
    #[inline(always)]
    fn deref(&self) -> &K {
        &self.0
    }
}

// SAFETY: tracing is the kind's own account of what it holds (`HeapKind::trace`), the same
// obligation `Trace` states; the wrapper holds nothing else.
unsafe impl<K: HeapKind> Trace for KindObject<K> {
    fn trace(&self, tracer: &mut Tracer) {
        self.0.trace(tracer);
    }
    fn extra_bytes(&self) -> usize {
        self.0.extra_bytes()
    }
    fn needs_drop(&self) -> bool {
        self.0.needs_drop()
    }
}

/// A field of a heap kind `K` that compiled code reads in place: a 64-bit word
/// ([`crate::Stage::load_kind_field`]), such as a JavaScript function's code identity, which a
/// call site compares to call the code it has seen directly, or a value
/// ([`crate::Stage::load_kind_value`]), such as the environment a closure captured. The field
/// must not change while its object lives (compiled code may read it once for several uses).
///
/// Made by [`kind_field!`](crate::kind_field), which takes the interpreter's accessor and compiled
/// code's offset from the same field, so the two cannot disagree.
pub struct KindField<K: HeapKind, T: Copy + 'static = u64> {
    /// The field's offset from the heap object's address (its header), for compiled code.
    offset: usize,
    /// The field's offset inside the kind, to check the accessor against.
    in_kind: usize,
    /// Reads the field, for the interpreter.
    get: fn(&K) -> &T,
}

impl<K: HeapKind, T: Copy + 'static> Clone for KindField<K, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K: HeapKind, T: Copy + 'static> Copy for KindField<K, T> {}

impl<K: HeapKind, T: Copy + 'static> KindField<K, T> {
    /// The field at `in_kind` bytes into `K`, which `get` reads; use [`kind_field!`](crate::kind_field).
    #[doc(hidden)]
    pub const fn new(in_kind: usize, get: fn(&K) -> &T) -> KindField<K, T> {
        KindField { offset: Gc::<KindObject<K>>::value_offset() + in_kind, in_kind, get }
    }

    /// The field's offset from the address a value of the kind holds.
    pub fn offset(self) -> usize {
        self.offset
    }

    /// The field of the object `v` holds, if `v` is of kind `K`.
    #[inline(always)]
    pub fn read(self, v: Value) -> Option<T> {
        let k = v.as_kind::<K>()?;
        let field = (self.get)(&k.0);
        debug_assert_eq!(field as *const T as usize - &k.0 as *const K as usize, self.in_kind, "a kind field's accessor and offset name one field");
        Some(*field)
    }
}

/// The [`KindField`] of `field` (a `u64` or a [`Value`]) of the heap kind `Kind`:
/// `kind_field!(JsFunction, code)`.
#[macro_export]
macro_rules! kind_field {
    ($kind:ty, $field:ident) => {
        $crate::value::KindField::<$kind, _>::new(::std::mem::offset_of!($kind, $field), |k: &$kind| &k.$field)
    };
}

/// A guest value: a `Copy` tagged pair of words. See the module documentation for the layout.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Value {
    tag: Tag,
    bits: u64,
}

const _: () = assert!(std::mem::size_of::<Value>() == 16);

impl Default for Value {
    fn default() -> Self {
        Value::EMPTY
    }
}

impl Value {
    /// The unassigned marker held by fresh frame slots.
    pub const EMPTY: Value = Value { tag: Tag::Empty, bits: 0 };
    /// The null value.
    pub const NULL: Value = Value { tag: Tag::Null, bits: 0 };
    /// Byte offset of the tag word, for compiled code.
    pub const TAG_OFFSET: i32 = 0;
    /// Byte offset of the payload word, for compiled code.
    pub const PAYLOAD_OFFSET: i32 = 8;

    /// A boolean value.
    #[inline(always)]
    pub fn from_bool(b: bool) -> Value {
        Value { tag: Tag::Bool, bits: b as u64 }
    }
    /// An integer value.
    #[inline(always)]
    pub fn from_i64(i: i64) -> Value {
        Value { tag: Tag::Int, bits: i as u64 }
    }
    /// A float value.
    #[inline(always)]
    pub fn from_f64(d: f64) -> Value {
        Value { tag: Tag::Double, bits: d.to_bits() }
    }
    /// A string reference.
    #[inline(always)]
    pub fn from_guest_str(s: Gc<GuestStr>) -> Value {
        Value { tag: Tag::String, bits: s.as_addr() as u64 }
    }
    /// A big-integer reference.
    #[inline(always)]
    pub fn from_bigint(b: Gc<BigInt>) -> Value {
        Value { tag: Tag::BigInt, bits: b.as_addr() as u64 }
    }
    /// An object reference.
    #[inline(always)]
    pub fn from_object(o: Gc<DynObject>) -> Value {
        Value { tag: Tag::Object, bits: o.as_addr() as u64 }
    }
    /// A function reference.
    #[inline(always)]
    pub fn from_function(f: Gc<FunctionObject>) -> Value {
        Value { tag: Tag::Function, bits: f.as_addr() as u64 }
    }
    /// A language-defined heap object reference.
    #[inline(always)]
    pub fn from_host(h: Gc<HostObject>) -> Value {
        Value { tag: Tag::Host, bits: h.as_addr() as u64 }
    }

    /// A reference to a language-defined heap object, under its kind's tag.
    #[inline(always)]
    pub fn from_kind<K: HeapKind>(k: Gc<KindObject<K>>) -> Value {
        const { assert!(K::TAG.is_heap_kind(), "a heap kind's tag is one of Ref0..Ref31") };
        Value { tag: K::TAG, bits: k.as_addr() as u64 }
    }
    /// A language immediate: tag `tag` (one of `Imm0`..`Imm15`) with the payload `bits`.
    #[inline(always)]
    pub const fn immediate(tag: Tag, bits: u64) -> Value {
        assert!(tag.is_immediate(), "an immediate's tag is one of Imm0..Imm15");
        Value { tag, bits }
    }

    /// The tag.
    #[inline(always)]
    pub fn tag(self) -> Tag {
        self.tag
    }
    /// The raw payload word.
    #[inline(always)]
    pub fn bits(self) -> u64 {
        self.bits
    }
    /// Rebuilds a value from the two words compiled code holds it in, without checking them.
    ///
    /// # Safety
    /// The words must be those of a valid value: `tag` one of [`Tag`]'s numbers and, for a
    /// reference tag, `bits` the address of a live object of that kind (compiled code only moves
    /// values it was given or made with the safe constructors' layout).
    #[inline(always)]
    pub unsafe fn from_words(tag: u64, bits: u64) -> Value {
        // SAFETY: `Value` is `#[repr(C)]` of a `#[repr(u64)]` tag and a `u64`, and the caller
        // promises the tag word is one of the enum's values.
        unsafe { std::mem::transmute::<[u64; 2], Value>([tag, bits]) }
    }
    /// Rebuilds a value from raw words that compiled code produced. Returns `None` for an unknown tag.
    ///
    /// Reference tags are accepted only when `is_live` confirms the payload is a live heap object
    /// of the right kind, which keeps this constructor safe.
    pub fn from_raw_checked(tag: u64, bits: u64, is_live: impl Fn(usize) -> bool) -> Option<Value> {
        let tag = Tag::from_number(tag)?;
        if tag == Tag::Bool && bits > 1 {
            return None;
        }
        if tag.is_reference() && !is_live(bits as usize) {
            return None;
        }
        Some(Value { tag, bits })
    }

    /// True for the unassigned marker.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.tag == Tag::Empty
    }
    /// True for null.
    #[inline(always)]
    pub fn is_null(self) -> bool {
        self.tag == Tag::Null
    }
    /// The integer, if this is one.
    #[inline(always)]
    pub fn as_i64(self) -> Option<i64> {
        if self.tag == Tag::Int { Some(self.bits as i64) } else { None }
    }
    /// The boolean, if this is one.
    #[inline(always)]
    pub fn as_bool(self) -> Option<bool> {
        if self.tag == Tag::Bool { Some(self.bits != 0) } else { None }
    }
    /// The float, if this is one.
    #[inline(always)]
    pub fn as_f64(self) -> Option<f64> {
        if self.tag == Tag::Double { Some(f64::from_bits(self.bits)) } else { None }
    }
    /// The string, if this is one.
    #[inline(always)]
    pub fn as_str(self) -> Option<Gc<GuestStr>> {
        if self.tag == Tag::String {
            // SAFETY: only `from_str` (or `from_raw_checked` after a liveness check) creates a
            // String-tagged value, and its payload is the address of a live `GuestStr`. Values are
            // traced wherever they are stored, so the object is still alive while the value is.
            Some(unsafe { Gc::from_addr(self.bits as usize) })
        } else {
            None
        }
    }
    /// The big integer, if this is one.
    #[inline(always)]
    pub fn as_bigint(self) -> Option<Gc<BigInt>> {
        if self.tag == Tag::BigInt {
            // SAFETY: as in `as_str`, the BigInt tag is only ever paired with a live `BigInt`.
            Some(unsafe { Gc::from_addr(self.bits as usize) })
        } else {
            None
        }
    }
    /// The object, if this is one.
    #[inline(always)]
    pub fn as_object(self) -> Option<Gc<DynObject>> {
        if self.tag == Tag::Object {
            // SAFETY: as in `as_str`, the Object tag is only ever paired with a live `DynObject`.
            Some(unsafe { Gc::from_addr(self.bits as usize) })
        } else {
            None
        }
    }
    /// The function, if this is one.
    #[inline(always)]
    pub fn as_function(self) -> Option<Gc<FunctionObject>> {
        if self.tag == Tag::Function {
            // SAFETY: as in `as_str`, the Function tag is only ever paired with a live `FunctionObject`.
            Some(unsafe { Gc::from_addr(self.bits as usize) })
        } else {
            None
        }
    }
    /// The language-defined host object, if this is one.
    #[inline(always)]
    pub fn as_host(self) -> Option<Gc<HostObject>> {
        if self.tag == Tag::Host {
            // SAFETY: as in `as_str`, the Host tag is only ever paired with a live `HostObject`.
            Some(unsafe { Gc::from_addr(self.bits as usize) })
        } else {
            None
        }
    }

    /// A reference to an array's elements.
    #[inline(always)]
    pub fn from_elements(e: Gc<Elements>) -> Value {
        Value { tag: Tag::Elements, bits: e.as_addr() as u64 }
    }
    /// The elements, if this is a reference to some.
    #[inline(always)]
    pub fn as_elements(self) -> Option<Gc<Elements>> {
        if self.tag == Tag::Elements {
            // SAFETY: as in `as_str`, the Elements tag is only ever paired with live `Elements`.
            Some(unsafe { Gc::from_addr(self.bits as usize) })
        } else {
            None
        }
    }
    /// A record reference.
    #[inline(always)]
    pub fn from_record(r: Gc<Record>) -> Value {
        Value { tag: Tag::Record, bits: r.as_addr() as u64 }
    }
    /// The record, if this is one.
    #[inline(always)]
    pub fn as_record(self) -> Option<Gc<Record>> {
        if self.tag == Tag::Record {
            // SAFETY: as in `as_str`, the Record tag is only ever paired with a live `Record`.
            Some(unsafe { Gc::from_addr(self.bits as usize) })
        } else {
            None
        }
    }
    /// The language-defined heap object of kind `K`, if this is one.
    #[inline(always)]
    pub fn as_kind<K: HeapKind>(self) -> Option<Gc<KindObject<K>>> {
        if self.tag != K::TAG {
            return None;
        }
        // SAFETY: a value under a heap-kind tag is only made by `from_kind` (or by
        // `from_raw_checked` after a liveness check), so its payload is the address of a live
        // heap object; which type of object the header says is checked.
        unsafe { Gc::from_addr_checked(self.bits as usize) }
    }

    /// Identity comparison: same tag and same payload word.
    #[inline(always)]
    pub fn same(self, other: Value) -> bool {
        self.tag == other.tag && self.bits == other.bits
    }
}

impl Tag {
    /// True for tags whose payload is a heap address.
    #[inline(always)]
    pub fn is_reference(self) -> bool {
        matches!(self, Tag::String | Tag::BigInt | Tag::Object | Tag::Function | Tag::Host | Tag::Record | Tag::Elements)
            || self.is_heap_kind()
    }
    /// True for the language-defined heap kinds, `Ref0`..`Ref31`.
    #[inline(always)]
    pub const fn is_heap_kind(self) -> bool {
        self as u64 >= Tag::Ref0 as u64
    }
    /// True for the language-defined immediates, `Imm0`..`Imm15`.
    #[inline(always)]
    pub const fn is_immediate(self) -> bool {
        self as u64 >= Tag::Imm0 as u64 && (self as u64) < Tag::Ref0 as u64
    }
    /// The tag numbered `n`, if there is one.
    pub const fn from_number(n: u64) -> Option<Tag> {
        if n < TAGS.len() as u64 { TAGS[n as usize] } else { None }
    }
    /// The tag's number, as compiled code and frame states hold it.
    #[inline(always)]
    pub const fn number(self) -> u64 {
        self as u64
    }
    /// The language immediate `Imm{n}` (`n` below 16).
    pub const fn immediate(n: u8) -> Tag {
        match Tag::from_number(Tag::Imm0 as u64 + n as u64) {
            Some(t) if t.is_immediate() => t,
            _ => panic!("there are 16 language immediates"),
        }
    }
    /// The language heap kind `Ref{n}` (`n` below 32).
    pub const fn heap_kind(n: u8) -> Tag {
        match Tag::from_number(Tag::Ref0 as u64 + n as u64) {
            Some(t) if t.is_heap_kind() => t,
            _ => panic!("there are 32 language heap kinds"),
        }
    }
}

// SAFETY: a reference-tagged value's payload is the address of a live object (see the
// constructors), so `mark_addr`'s contract holds.
unsafe impl Trace for Value {
    fn trace(&self, tracer: &mut Tracer) {
        if self.tag.is_reference() {
            tracer.mark_addr(self.bits as usize);
        }
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.tag {
            Tag::Empty => write!(f, "<empty>"),
            Tag::Null => write!(f, "null"),
            Tag::Bool => write!(f, "{}", self.bits != 0),
            Tag::Int => write!(f, "{}", self.bits as i64),
            Tag::Double => write!(f, "{}", f64::from_bits(self.bits)),
            Tag::String => match self.as_str() {
                Some(s) => write!(f, "{:?}", s.as_str()),
                None => write!(f, "<string>"),
            },
            Tag::BigInt => match self.as_bigint() {
                Some(b) => write!(f, "{}", &*b),
                None => write!(f, "<bigint>"),
            },
            Tag::Object => write!(f, "<object {:#x}>", self.bits),
            Tag::Function => match self.as_function() {
                Some(func) => write!(f, "<function {}>", func.name()),
                None => write!(f, "<function>"),
            },
            Tag::Host => write!(f, "<host {:#x}>", self.bits),
            Tag::Record => write!(f, "<record {:#x}>", self.bits),
            Tag::Elements => write!(f, "<elements {:#x}>", self.bits),
            t if t.is_immediate() => write!(f, "<{t:?} {:#x}>", self.bits),
            t => write!(f, "<{t:?} object {:#x}>", self.bits),
        }
    }
}
