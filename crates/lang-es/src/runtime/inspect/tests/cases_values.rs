//! How `util.inspect` prints each kind of value. Recorded from node v20 by
//! `tools/gen_inspect_tests.js`: each input is in the notation of `dsl`,
//! each output exactly what node printed.

pub const VALUES: &[(&str, &str)] = &[
    (r#"1"#, r#"1"#),
    (r#"-0"#, r#"-0"#),
    (r#"NaN"#, r#"NaN"#),
    (r#"-Infinity"#, r#"-Infinity"#),
    (r#"1e21"#, r#"1e+21"#),
    (r#"1e-7"#, r#"1e-7"#),
    (r#"123.456"#, r#"123.456"#),
    (r#"undefined"#, r#"undefined"#),
    (r#"null"#, r#"null"#),
    (r#"true"#, r#"true"#),
    (r#"Symbol('s')"#, r#"Symbol(s)"#),
    (r#"Symbol('')"#, r#"Symbol()"#),
    (r#"'str'"#, r#"'str'"#),
    (r#""it's""#, r#""it's""#),
    (r#"'it\'s "q"'"#, r#"`it's "q"`"#),
    (r#"'it\'s "q" `b`'"#, r#"'it\'s "q" `b`'"#),
    (r#"'it\'s "q" ${b}'"#, r#"'it\'s "q" ${b}'"#),
    (r#"'\x1b'"#, r#"'\x1B'"#),
    (r#"'\x7f'"#, r#"'\x7F'"#),
    (r#"'\u0085'"#, r#"'\x85'"#),
    (r#"'\u00a0'"#, r#"' '"#),
    (r#"'\ud800'"#, r#"'\ud800'"#),
    (r#"'\udc00x'"#, r#"'\udc00x'"#),
    (r#"'\ud83d\ude00'"#, r#"'😀'"#),
    (r#"'tab\there'"#, r#"'tab\there'"#),
    (r#"'\v\f\b\r\0'"#, r#"'\x0B\f\b\r\x00'"#),
    (r#"'back\\slash'"#, r#"'back\\slash'"#),
    (r#"''"#, r#"''"#),
    (r#"'é中文'"#, r#"'é中文'"#),
    (r#"[-0, 0, 1e21, NaN, -1.5e-7]"#, r#"[ -0, 0, 1e+21, NaN, -1.5e-7 ]"#),
    (r#"[undefined, null, true, Symbol('x')]"#, r#"[ undefined, null, true, Symbol(x) ]"#),
    (r#"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'"#, r#"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'"#),
    (r#"'line one\nline two\nline three is longer than the rest of them all\n'"#, r#"'line one\nline two\nline three is longer than the rest of them all\n'"#),
    (r#"['aaaaaaaaaaaaaaaaaaaa\nbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\ncccccccccccccccccccccccccccccccccccccccc']"#, r#"[
  'aaaaaaaaaaaaaaaaaaaa\n' +
    'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\n' +
    'cccccccccccccccccccccccccccccccccccccccc'
]"#),
    (r#"['short\nlines\nonly']"#, r#"[ 'short\nlines\nonly' ]"#),
    (r#"{ text: 'word word word word word word word word word word word word word word word \nend' }"#, r#"{
  text: 'word word word word word word word word word word word word word word word \n' +
    'end'
}"#),
    (r#"['aaaaaaaaaaaaaaaaaaaa\nabc\nyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\'\n']"#, r#"[
  'aaaaaaaaaaaaaaaaaaaa\n' +
    'abc\n' +
    "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy'\n"
]"#),
    (r#"['zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz']"#, r#"[
  'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz'
]"#),
    (r#"['zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\n']"#, r#"[
  'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\n'
]"#),
    (r#"{}"#, r#"{}"#),
    (r#"{ a: 1 }"#, r#"{ a: 1 }"#),
    (r#"{ a: 1, b: 'x' }"#, r#"{ a: 1, b: 'x' }"#),
    (r#"{ 'a-b': 1, '1a': 2, $x: 3, _y: 4, '': 5 }"#, r#"{ 'a-b': 1, '1a': 2, '$x': 3, _y: 4, '': 5 }"#),
    (r#"{ 'é': 6, 'a b': 7, "it's": 8, A9_: 9 }"#, r#"{ 'é': 6, 'a b': 7, "it's": 8, A9_: 9 }"#),
    (r#"{ 1: 'a', 0: 'b', x: 1, 10: 'c' }"#, r#"{ '0': 'b', '1': 'a', '10': 'c', x: 1 }"#),
    (r#"{ [Symbol('k')]: 1, a: 2 }"#, r#"{ a: 2, [Symbol(k)]: 1 }"#),
    (r#"{ [Symbol('')]: 1 }"#, r#"{ [Symbol()]: 1 }"#),
    (r#"{ get a() {}, set b(v) {}, get c() {}, set c(v) {} }"#, r#"{ a: [Getter], b: [Setter], c: [Getter/Setter] }"#),
    (r#"{ a: undefined, b: null }"#, r#"{ a: undefined, b: null }"#),
    (r#"{ a: { b: { c: { d: 1 } } } }"#, r#"{ a: { b: { c: [Object] } } }"#),
    (r#"{ a: { b: { c: {} } } }"#, r#"{ a: { b: { c: {} } } }"#),
    (r#"{ a: { b: { c: [] } } }"#, r#"{ a: { b: { c: [] } } }"#),
    (r#"{ a: { b: { c: [1] } } }"#, r#"{ a: { b: { c: [Array] } } }"#),
    (r#"{ a: { b: { c: inst('Foo', { x: 1 }) } } }"#, r#"{ a: { b: { c: [Foo] } } }"#),
    (r#"{ a: { b: { c: nullproto({ x: 1 }) } } }"#, r#"{ a: { b: { c: [Object: null prototype] } } }"#),
    (r#"{ a: { b: { c: fn('f', { x: 1 }) } } }"#, r#"{ a: { b: { c: [Function] } } }"#),
    (r#"{ a: { b: { c: fn('f'), d: cls('D') } } }"#, r#"{ a: { b: { c: [Function: f], d: [class D] } } }"#),
    (r#"{ a: { b: { c: nullproto({}) } } }"#, r#"{ a: { b: { c: [Object: null prototype] {} } } }"#),
    (r#"{ a: { b: { c: err('TypeError', 'x', 'TypeError: x\n    at y', { code: 1 }) } } }"#, r#"{ a: { b: { c: [TypeError] } } }"#),
    (r#"[[[[[1]]]]]"#, r#"[ [ [ [Array] ] ] ]"#),
    (r#"[[[[]]]]"#, r#"[ [ [ [] ] ] ]"#),
    (r#"{ a: [{ b: [{ c: 1 }] }] }"#, r#"{ a: [ { b: [Array] } ] }"#),
    (r#"inst('Foo', { x: 1 })"#, r#"Foo { x: 1 }"#),
    (r#"inst('Foo', {})"#, r#"Foo {}"#),
    (r#"inst('Point', { x: 1, y: 2, label: 'origin' })"#, r#"Point { x: 1, y: 2, label: 'origin' }"#),
    (r#"nullproto({})"#, r#"[Object: null prototype] {}"#),
    (r#"nullproto({ a: 1 })"#, r#"[Object: null prototype] { a: 1 }"#),
    (r#"[inst('A', {}), inst('B', { b: [1, 2] })]"#, r#"[ A {}, B { b: [ 1, 2 ] } ]"#),
    (r#"{ nested: inst('Bar', { deep: inst('Baz', { deeper: inst('Qux', { x: 1 }) }) }) }"#, r#"{ nested: Bar { deep: Baz { deeper: [Qux] } } }"#),
    (r#"fn('f')"#, r#"[Function: f]"#),
    (r#"fn('')"#, r#"[Function (anonymous)]"#),
    (r#"afn('a')"#, r#"[AsyncFunction: a]"#),
    (r#"afn('')"#, r#"[AsyncFunction (anonymous)]"#),
    (r#"gfn('g')"#, r#"[GeneratorFunction: g]"#),
    (r#"cls('A')"#, r#"[class A]"#),
    (r#"cls('B', 'A')"#, r#"[class B extends A]"#),
    (r#"cls('')"#, r#"[class (anonymous)]"#),
    (r#"cls('', 'Base')"#, r#"[class (anonymous) extends Base]"#),
    (r#"fn('f', { x: 1 })"#, r#"[Function: f] { x: 1 }"#),
    (r#"cls('A', undefined, { s: 2 })"#, r#"[class A] { s: 2 }"#),
    (r#"[fn('f'), cls('C'), fn('')]"#, r#"[ [Function: f], [class C], [Function (anonymous)] ]"#),
    (r#"{ f: fn(''), g: fn('g', { a: { b: { c: 1 } } }) }"#, r#"{ f: [Function (anonymous)], g: [Function: g] { a: { b: [Object] } } }"#),
    (r#"fn('withMany', { alpha: 1, beta: 2, gamma: 3, delta: 4, epsilon: 5, zeta: 6, eta: 7 })"#, r#"[Function: withMany] {
  alpha: 1,
  beta: 2,
  gamma: 3,
  delta: 4,
  epsilon: 5,
  zeta: 6,
  eta: 7
}"#),
    (r#"err('Error', 'boom', 'Error: boom\n    at f (a.js:1:1)\n    at g (a.js:2:2)')"#, r#"Error: boom
    at f (a.js:1:1)
    at g (a.js:2:2)"#),
    (r#"{ e: err('Error', 'boom', 'Error: boom\n    at f (a.js:1:1)') }"#, r#"{
  e: Error: boom
      at f (a.js:1:1)
}"#),
    (r#"[err('Error', 'boom', 'Error: boom\n    at f (a.js:1:1)')]"#, r#"[
  Error: boom
      at f (a.js:1:1)
]"#),
    (r#"err('Error', 'boom', 'Error: boom')"#, r#"[Error: boom]"#),
    (r#"[err('Error', 'boom', 'Error: boom')]"#, r#"[ [Error: boom] ]"#),
    (r#"err('Error', 'boom', 'Error: boom\n    at f (a.js:1:1)', { extra: 1 })"#, r#"Error: boom
    at f (a.js:1:1) {
  extra: 1
}"#),
    (r#"{ x: err('Error', 'boom', 'Error: boom\n    at f (a.js:1:1)', { extra: 1 }) }"#, r#"{
  x: Error: boom
      at f (a.js:1:1) {
    extra: 1
  }
}"#),
    (r#"err('ValidationError', 'x', 'Error: x\n    at q')"#, r#"ValidationError: x
    at q"#),
    (r#"err('MyErr', 'x', 'Error: x\n    at q')"#, r#"MyErr [Error]: x
    at q"#),
    (r#"err('Error', 'x', 'Error: x\n    at q', { name: 'Custom' })"#, r#"Error: x
    at q {
  name: 'Custom'
}"#),
    (r#"err('TypeError', 'x', 'TypeError: x\n    at q')"#, r#"TypeError: x
    at q"#),
    (r#"err('TypeError', 'x', 'TypeError: x')"#, r#"[TypeError: x]"#),
    (r#"err('Error', 'msg', 'Error: msg\n    at q', { name: 'Error', message2: 'y' })"#, r#"Error: msg
    at q {
  message2: 'y'
}"#),
    (r#"err('Error', 'with cause', 'Error: with cause\n    at q', {}, 'c')"#, r#"Error: with cause
    at q {
  [cause]: 'c'
}"#),
    (r#"err('Error', '', 'Error\n    at q')"#, r#"Error
    at q"#),
    (r#"err('Error', 'multi\nline', 'Error: multi\nline\n    at q')"#, r#"Error: multi
line
    at q"#),
    (r#"{ e: err('Error', 'multi\nline', 'Error: multi\nline\n    at q') }"#, r#"{
  e: Error: multi
  line
      at q
}"#),
    (r#"err('Error', 'x', 'weird stack no at')"#, r#"[weird stack no at]"#),
    (r#"err('Error', 'x', '')"#, r#"[Error: x]"#),
    (r#"err('Error', 'x', undefined)"#, r#"[Error: x]"#),
    (r#"err('RangeError', 'bad', undefined, { code: 'E_BAD' })"#, r#"[RangeError: bad] { code: 'E_BAD' }"#),
    (r#"err('Error', 'x', 'Error: x\n    at q', { message: 'x' })"#, r#"Error: x
    at q"#),
    (r#"err('SyntaxError', 'oops', 'SyntaxError: oops\n    at q', {}, err('Error', 'inner', 'Error: inner\n    at r'))"#, r#"SyntaxError: oops
    at q {
  [cause]: Error: inner
      at r
}"#),
    (r#"ref(1, { a: 1, self: self(1) })"#, r#"<ref *1> { a: 1, self: [Circular *1] }"#),
    (r#"ref(1, { x: ref(2, { y: self(1), z: self(2) }) })"#, r#"<ref *1> { x: <ref *2> { y: [Circular *1], z: [Circular *2] } }"#),
    (r#"ref(1, [1, self(1)])"#, r#"<ref *1> [ 1, [Circular *1] ]"#),
    (r#"ref(1, { a: [self(1)] })"#, r#"<ref *1> { a: [ [Circular *1] ] }"#),
    (r#"ref(1, { a: { b: { c: { d: self(1) } } } })"#, r#"{ a: { b: { c: [Object] } } }"#),
    (r#"ref(1, inst('Foo', { me: self(1) }))"#, r#"<ref *1> Foo { me: [Circular *1] }"#),
    (r#"ref(1, fn('f', { me: self(1) }))"#, r#"<ref *1> [Function: f] { me: [Circular *1] }"#),
    (r#"ref(1, { a: ref(2, { b: self(2) }), c: self(1) })"#, r#"<ref *2> { a: <ref *1> { b: [Circular *1] }, c: [Circular *2] }"#),
    (r#"{ list: ref(1, [1, 2, self(1)]) }"#, r#"{ list: <ref *1> [ 1, 2, [Circular *1] ] }"#),
    (r#"ref(1, { a: 'a long string value to push the width', b: 'another long string value', c: self(1) })"#, r#"<ref *1> {
  a: 'a long string value to push the width',
  b: 'another long string value',
  c: [Circular *1]
}"#),
];
