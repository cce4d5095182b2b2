//! How `util.inspect` lays out arrays and objects: holes, limits, columns, line widths. Recorded from node v20 by
//! `tools/gen_inspect_tests.js`: each input is in the notation of `dsl`,
//! each output exactly what node printed.

pub const LAYOUT: &[(&str, &str)] = &[
    (r#"[]"#, r#"[]"#),
    (r#"[1, 2, 3]"#, r#"[ 1, 2, 3 ]"#),
    (r#"[1, , 3]"#, r#"[ 1, <1 empty item>, 3 ]"#),
    (r#"[, , , 1]"#, r#"[ <3 empty items>, 1 ]"#),
    (r#"sparse(5, {})"#, r#"[ <5 empty items> ]"#),
    (r#"[1, 2, , , ]"#, r#"[ 1, 2, <2 empty items> ]"#),
    (r#"sparse(200, { 5: 1, 150: 2 })"#, r#"[ <5 empty items>, 1, <144 empty items>, 2, <49 empty items> ]"#),
    (r#"sparse(4294967295, { 0: 'first' })"#, r#"[ 'first', <4294967294 empty items> ]"#),
    (r#"withProps([1, 2], { x: 3, '-1': 4 })"#, r#"[ 1, 2, x: 3, '-1': 4 ]"#),
    (r#"withProps([], { x: 1 })"#, r#"[ x: 1 ]"#),
    (r#"sparse(3, { 1: 'b' })"#, r#"[ <1 empty item>, 'b', <1 empty item> ]"#),
    (r#"range(101)"#, r#"[
   0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11,
  12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
  24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,
  36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
  48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59,
  60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71,
  72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83,
  84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95,
  96, 97, 98, 99,
  ... 1 more item
]"#),
    (r#"range(150)"#, r#"[
   0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11,
  12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
  24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,
  36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
  48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59,
  60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71,
  72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83,
  84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95,
  96, 97, 98, 99,
  ... 50 more items
]"#),
    (r#"rep(101, 'a')"#, r#"[
  'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a',
  'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a',
  'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a',
  'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a',
  'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a',
  'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a',
  'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a',
  'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a',
  'a', 'a', 'a', 'a',
  ... 1 more item
]"#),
    (r#"rep(102, 'ab')"#, r#"[
  'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab',
  'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab',
  'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab',
  'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab',
  'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab',
  'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab',
  'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab',
  'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab',
  'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab',
  'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab', 'ab',
  ... 2 more items
]"#),
    (r#"sparse(300, { 99: 1, 100: 2, 101: 3 })"#, r#"[ <99 empty items>, 1, 2, 3, <198 empty items> ]"#),
    (r#"sparse(120, { 0: 0, 2: 1, 4: 2, 6: 3, 8: 4, 10: 5, 12: 6, 14: 7, 16: 8, 18: 9, 20: 10, 22: 11, 24: 12, 26: 13, 28: 14, 30: 15, 32: 16, 34: 17, 36: 18, 38: 19, 40: 20, 42: 21, 44: 22, 46: 23, 48: 24, 50: 25, 52: 26, 54: 27, 56: 28, 58: 29, 60: 30, 62: 31, 64: 32, 66: 33, 68: 34, 70: 35, 72: 36, 74: 37, 76: 38, 78: 39, 80: 40, 82: 41, 84: 42, 86: 43, 88: 44, 90: 45, 92: 46, 94: 47, 96: 48, 98: 49, 100: 50, 102: 51, 104: 52, 106: 53, 108: 54, 110: 55, 112: 56, 114: 57, 116: 58, 118: 59 })"#, r#"[
  0,              <1 empty item>, 1,              <1 empty item>, 2,
  <1 empty item>, 3,              <1 empty item>, 4,              <1 empty item>,
  5,              <1 empty item>, 6,              <1 empty item>, 7,
  <1 empty item>, 8,              <1 empty item>, 9,              <1 empty item>,
  10,             <1 empty item>, 11,             <1 empty item>, 12,
  <1 empty item>, 13,             <1 empty item>, 14,             <1 empty item>,
  15,             <1 empty item>, 16,             <1 empty item>, 17,
  <1 empty item>, 18,             <1 empty item>, 19,             <1 empty item>,
  20,             <1 empty item>, 21,             <1 empty item>, 22,
  <1 empty item>, 23,             <1 empty item>, 24,             <1 empty item>,
  25,             <1 empty item>, 26,             <1 empty item>, 27,
  <1 empty item>, 28,             <1 empty item>, 29,             <1 empty item>,
  30,             <1 empty item>, 31,             <1 empty item>, 32,
  <1 empty item>, 33,             <1 empty item>, 34,             <1 empty item>,
  35,             <1 empty item>, 36,             <1 empty item>, 37,
  <1 empty item>, 38,             <1 empty item>, 39,             <1 empty item>,
  40,             <1 empty item>, 41,             <1 empty item>, 42,
  <1 empty item>, 43,             <1 empty item>, 44,             <1 empty item>,
  45,             <1 empty item>, 46,             <1 empty item>, 47,
  <1 empty item>, 48,             <1 empty item>, 49,             <1 empty item>,
  ... 20 more items
]"#),
    (r#"range(6)"#, r#"[ 0, 1, 2, 3, 4, 5 ]"#),
    (r#"range(7)"#, r#"[
  0, 1, 2, 3,
  4, 5, 6
]"#),
    (r#"range(26)"#, r#"[
   0,  1,  2,  3,  4,  5,  6,  7,
   8,  9, 10, 11, 12, 13, 14, 15,
  16, 17, 18, 19, 20, 21, 22, 23,
  24, 25
]"#),
    (r#"range(27, 11)"#, r#"[
    0,  11,  22,  33,  44,  55,  66,
   77,  88,  99, 110, 121, 132, 143,
  154, 165, 176, 187, 198, 209, 220,
  231, 242, 253, 264, 275, 286
]"#),
    (r#"range(50, 997)"#, r#"[
      0,   997,  1994,  2991,  3988,  4985,
   5982,  6979,  7976,  8973,  9970, 10967,
  11964, 12961, 13958, 14955, 15952, 16949,
  17946, 18943, 19940, 20937, 21934, 22931,
  23928, 24925, 25922, 26919, 27916, 28913,
  29910, 30907, 31904, 32901, 33898, 34895,
  35892, 36889, 37886, 38883, 39880, 40877,
  41874, 42871, 43868, 44865, 45862, 46859,
  47856, 48853
]"#),
    (r#"range(100, 12345)"#, r#"[
        0,   12345,   24690,   37035,   49380,   61725,   74070,
    86415,   98760,  111105,  123450,  135795,  148140,  160485,
   172830,  185175,  197520,  209865,  222210,  234555,  246900,
   259245,  271590,  283935,  296280,  308625,  320970,  333315,
   345660,  358005,  370350,  382695,  395040,  407385,  419730,
   432075,  444420,  456765,  469110,  481455,  493800,  506145,
   518490,  530835,  543180,  555525,  567870,  580215,  592560,
   604905,  617250,  629595,  641940,  654285,  666630,  678975,
   691320,  703665,  716010,  728355,  740700,  753045,  765390,
   777735,  790080,  802425,  814770,  827115,  839460,  851805,
   864150,  876495,  888840,  901185,  913530,  925875,  938220,
   950565,  962910,  975255,  987600,  999945, 1012290, 1024635,
  1036980, 1049325, 1061670, 1074015, 1086360, 1098705, 1111050,
  1123395, 1135740, 1148085, 1160430, 1172775, 1185120, 1197465,
  1209810, 1222155
]"#),
    (r#"range(30, -1)"#, r#"[
    0,  -1,  -2,  -3,  -4,  -5,  -6,
   -7,  -8,  -9, -10, -11, -12, -13,
  -14, -15, -16, -17, -18, -19, -20,
  -21, -22, -23, -24, -25, -26, -27,
  -28, -29
]"#),
    (r#"range(16, 1.5)"#, r#"[
     0,  1.5,    3,  4.5,    6,
   7.5,    9, 10.5,   12, 13.5,
    15, 16.5,   18, 19.5,   21,
  22.5
]"#),
    (r#"range(40, 1000000)"#, r#"[
         0,  1000000,  2000000,  3000000,
   4000000,  5000000,  6000000,  7000000,
   8000000,  9000000, 10000000, 11000000,
  12000000, 13000000, 14000000, 15000000,
  16000000, 17000000, 18000000, 19000000,
  20000000, 21000000, 22000000, 23000000,
  24000000, 25000000, 26000000, 27000000,
  28000000, 29000000, 30000000, 31000000,
  32000000, 33000000, 34000000, 35000000,
  36000000, 37000000, 38000000, 39000000
]"#),
    (r#"range(12, 1e20)"#, r#"[
  0,
  100000000000000000000,
  200000000000000000000,
  300000000000000000000,
  400000000000000000000,
  500000000000000000000,
  600000000000000000000,
  700000000000000000000,
  800000000000000000000,
  900000000000000000000,
  1e+21,
  1.1e+21
]"#),
    (r#"range(8, 123456789)"#, r#"[
          0, 123456789,
  246913578, 370370367,
  493827156, 617283945,
  740740734, 864197523
]"#),
    (r#"range(120, 7)"#, r#"[
    0,   7,  14,  21,  28,  35,  42,  49,  56,  63,  70,  77,
   84,  91,  98, 105, 112, 119, 126, 133, 140, 147, 154, 161,
  168, 175, 182, 189, 196, 203, 210, 217, 224, 231, 238, 245,
  252, 259, 266, 273, 280, 287, 294, 301, 308, 315, 322, 329,
  336, 343, 350, 357, 364, 371, 378, 385, 392, 399, 406, 413,
  420, 427, 434, 441, 448, 455, 462, 469, 476, 483, 490, 497,
  504, 511, 518, 525, 532, 539, 546, 553, 560, 567, 574, 581,
  588, 595, 602, 609, 616, 623, 630, 637, 644, 651, 658, 665,
  672, 679, 686, 693,
  ... 20 more items
]"#),
    (r#"range(24, 3, 100)"#, r#"[
  100, 103, 106, 109, 112,
  115, 118, 121, 124, 127,
  130, 133, 136, 139, 142,
  145, 148, 151, 154, 157,
  160, 163, 166, 169
]"#),
    (r#"range(9, 0.001)"#, r#"[
      0, 0.001, 0.002,
  0.003, 0.004, 0.005,
  0.006, 0.007, 0.008
]"#),
    (r#"words(7, 1, 3)"#, r#"[
  'a',   'bb',
  'ccc', 'd',
  'ee',  'fff',
  'g'
]"#),
    (r#"words(30, 1, 5)"#, r#"[
  'a',     'bbb',   'ccccc', 'dd',
  'eeee',  'f',     'ggg',   'hhhhh',
  'ii',    'jjjj',  'k',     'lll',
  'mmmmm', 'nn',    'oooo',  'p',
  'qqq',   'rrrrr', 'ss',    'tttt',
  'u',     'vvv',   'wwwww', 'xx',
  'yyyy',  'z',     'aaa',   'bbbbb',
  'cc',    'dddd'
]"#),
    (r#"words(20, 10, 20)"#, r#"[
  'aaaaaaaaaa',           'bbbbbbbbbbbbbbbbb',
  'ccccccccccccc',        'dddddddddddddddddddd',
  'eeeeeeeeeeeeeeee',     'ffffffffffff',
  'ggggggggggggggggggg',  'hhhhhhhhhhhhhhh',
  'iiiiiiiiiii',          'jjjjjjjjjjjjjjjjjj',
  'kkkkkkkkkkkkkk',       'llllllllll',
  'mmmmmmmmmmmmmmmmm',    'nnnnnnnnnnnnn',
  'oooooooooooooooooooo', 'pppppppppppppppp',
  'qqqqqqqqqqqq',         'rrrrrrrrrrrrrrrrrrr',
  'sssssssssssssss',      'ttttttttttt'
]"#),
    (r#"words(8, 1, 40)"#, r#"[
  'a',
  'bbbbbbbb',
  'ccccccccccccccc',
  'dddddddddddddddddddddd',
  'eeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  'ffffffffffffffffffffffffffffffffffff',
  'ggg',
  'hhhhhhhhhh'
]"#),
    (r#"words(50, 2, 8)"#, r#"[
  'aa', 'bb', 'cc', 'dd', 'ee', 'ff',
  'gg', 'hh', 'ii', 'jj', 'kk', 'll',
  'mm', 'nn', 'oo', 'pp', 'qq', 'rr',
  'ss', 'tt', 'uu', 'vv', 'ww', 'xx',
  'yy', 'zz', 'aa', 'bb', 'cc', 'dd',
  'ee', 'ff', 'gg', 'hh', 'ii', 'jj',
  'kk', 'll', 'mm', 'nn', 'oo', 'pp',
  'qq', 'rr', 'ss', 'tt', 'uu', 'vv',
  'ww', 'xx'
]"#),
    (r#"words(26, 15, 16)"#, r#"[
  'aaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb',
  'ccccccccccccccc', 'dddddddddddddddd',
  'eeeeeeeeeeeeeee', 'ffffffffffffffff',
  'ggggggggggggggg', 'hhhhhhhhhhhhhhhh',
  'iiiiiiiiiiiiiii', 'jjjjjjjjjjjjjjjj',
  'kkkkkkkkkkkkkkk', 'llllllllllllllll',
  'mmmmmmmmmmmmmmm', 'nnnnnnnnnnnnnnnn',
  'ooooooooooooooo', 'pppppppppppppppp',
  'qqqqqqqqqqqqqqq', 'rrrrrrrrrrrrrrrr',
  'sssssssssssssss', 'tttttttttttttttt',
  'uuuuuuuuuuuuuuu', 'vvvvvvvvvvvvvvvv',
  'wwwwwwwwwwwwwww', 'xxxxxxxxxxxxxxxx',
  'yyyyyyyyyyyyyyy', 'zzzzzzzzzzzzzzzz'
]"#),
    (r#"words(10, 30, 30)"#, r#"[
  'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
  'cccccccccccccccccccccccccccccc',
  'dddddddddddddddddddddddddddddd',
  'eeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  'ffffffffffffffffffffffffffffff',
  'gggggggggggggggggggggggggggggg',
  'hhhhhhhhhhhhhhhhhhhhhhhhhhhhhh',
  'iiiiiiiiiiiiiiiiiiiiiiiiiiiiii',
  'jjjjjjjjjjjjjjjjjjjjjjjjjjjjjj'
]"#),
    (r#"words(12, 20, 22)"#, r#"[
  'aaaaaaaaaaaaaaaaaaaa',
  'bbbbbbbbbbbbbbbbbbbbb',
  'cccccccccccccccccccccc',
  'dddddddddddddddddddd',
  'eeeeeeeeeeeeeeeeeeeee',
  'ffffffffffffffffffffff',
  'gggggggggggggggggggg',
  'hhhhhhhhhhhhhhhhhhhhh',
  'iiiiiiiiiiiiiiiiiiiiii',
  'jjjjjjjjjjjjjjjjjjjj',
  'kkkkkkkkkkkkkkkkkkkkk',
  'llllllllllllllllllllll'
]"#),
    (r#"words(101, 1, 2)"#, r#"[
  'a',  'bb', 'c',  'dd', 'e',  'ff', 'g',  'hh', 'i',  'jj', 'k',
  'll', 'm',  'nn', 'o',  'pp', 'q',  'rr', 's',  'tt', 'u',  'vv',
  'w',  'xx', 'y',  'zz', 'a',  'bb', 'c',  'dd', 'e',  'ff', 'g',
  'hh', 'i',  'jj', 'k',  'll', 'm',  'nn', 'o',  'pp', 'q',  'rr',
  's',  'tt', 'u',  'vv', 'w',  'xx', 'y',  'zz', 'a',  'bb', 'c',
  'dd', 'e',  'ff', 'g',  'hh', 'i',  'jj', 'k',  'll', 'm',  'nn',
  'o',  'pp', 'q',  'rr', 's',  'tt', 'u',  'vv', 'w',  'xx', 'y',
  'zz', 'a',  'bb', 'c',  'dd', 'e',  'ff', 'g',  'hh', 'i',  'jj',
  'k',  'll', 'm',  'nn', 'o',  'pp', 'q',  'rr', 's',  'tt', 'u',
  'vv',
  ... 1 more item
]"#),
    (r#"[1, 'a', 2, 'b', 3, 'c', 4]"#, r#"[
  1, 'a', 2, 'b',
  3, 'c', 4
]"#),
    (r#"withProps(range(10), { x: 1 })"#, r#"[
  0,    1, 2, 3, 4,
  5,    6, 7, 8, 9,
  x: 1
]"#),
    (r#"withProps(range(100), { extra: true })"#, r#"[
  0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11,
  12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
  24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,
  36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
  48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59,
  60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71,
  72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83,
  84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95,
  96, 97, 98, 99,
  extra: true
]"#),
    (r#"rep(8, { a: 1 })"#, r#"[
  { a: 1 }, { a: 1 },
  { a: 1 }, { a: 1 },
  { a: 1 }, { a: 1 },
  { a: 1 }, { a: 1 }
]"#),
    (r#"rep(10, [1, 2])"#, r#"[
  [ 1, 2 ], [ 1, 2 ],
  [ 1, 2 ], [ 1, 2 ],
  [ 1, 2 ], [ 1, 2 ],
  [ 1, 2 ], [ 1, 2 ],
  [ 1, 2 ], [ 1, 2 ]
]"#),
    (r#"rep(30, true)"#, r#"[
  true, true, true, true, true,
  true, true, true, true, true,
  true, true, true, true, true,
  true, true, true, true, true,
  true, true, true, true, true,
  true, true, true, true, true
]"#),
    (r#"rep(7, null)"#, r#"[
  null, null,
  null, null,
  null, null,
  null
]"#),
    (r#"rep(12, -0)"#, r#"[
  -0, -0, -0, -0, -0,
  -0, -0, -0, -0, -0,
  -0, -0
]"#),
    (r#"[1, 2, 3, 4, 5, 6, , 8]"#, r#"[ 1, 2, 3, 4, 5, 6, <1 empty item>, 8 ]"#),
    (r#"sparse(20, { 0: 1, 19: 2 })"#, r#"[ 1, <18 empty items>, 2 ]"#),
    (r#"rep(7, 'it\'s')"#, r#"[
  "it's", "it's",
  "it's", "it's",
  "it's", "it's",
  "it's"
]"#),
    (r#"{ data: range(30) }"#, r#"{
  data: [
     0,  1,  2,  3,  4,  5,  6,  7,  8,
     9, 10, 11, 12, 13, 14, 15, 16, 17,
    18, 19, 20, 21, 22, 23, 24, 25, 26,
    27, 28, 29
  ]
}"#),
    (r#"{ a: { b: range(40, 3) } }"#, r#"{
  a: {
    b: [
       0,  3,  6,  9,  12,  15,  18,  21,  24,  27,
      30, 33, 36, 39,  42,  45,  48,  51,  54,  57,
      60, 63, 66, 69,  72,  75,  78,  81,  84,  87,
      90, 93, 96, 99, 102, 105, 108, 111, 114, 117
    ]
  }
}"#),
    (r#"[range(10), range(20, 5)]"#, r#"[
  [
    0, 1, 2, 3, 4,
    5, 6, 7, 8, 9
  ],
  [
     0,  5, 10, 15, 20, 25, 30,
    35, 40, 45, 50, 55, 60, 65,
    70, 75, 80, 85, 90, 95
  ]
]"#),
    (r#"{ words: words(15, 3, 12), nums: range(15, 111) }"#, r#"{
  words: [
    'aaa',         'bbbbbbbbbb',
    'ccccccc',     'dddd',
    'eeeeeeeeeee', 'ffffffff',
    'ggggg',       'hhhhhhhhhhhh',
    'iiiiiiiii',   'jjjjjj',
    'kkk',         'llllllllll',
    'mmmmmmm',     'nnnn',
    'ooooooooooo'
  ],
  nums: [
       0,  111,  222,  333,
     444,  555,  666,  777,
     888,  999, 1110, 1221,
    1332, 1443, 1554
  ]
}"#),
    (r#"rep(7, 'é中')"#, r#"[
  'é中', 'é中',
  'é中', 'é中',
  'é中', 'é中',
  'é中'
]"#),
    (r#"[1.5, -2, 3e21, 4, 5, 6, 7]"#, r#"[
  1.5, -2, 3e+21,
    4,  5,     6,
    7
]"#),
    (r#"rep(16, fn('f'))"#, r#"[
  [Function: f], [Function: f],
  [Function: f], [Function: f],
  [Function: f], [Function: f],
  [Function: f], [Function: f],
  [Function: f], [Function: f],
  [Function: f], [Function: f],
  [Function: f], [Function: f],
  [Function: f], [Function: f]
]"#),
    (r#"rep(3, { name: 'alice', age: 30, tags: ['x', 'y'] })"#, r#"[
  { name: 'alice', age: 30, tags: [ 'x', 'y' ] },
  { name: 'alice', age: 30, tags: [ 'x', 'y' ] },
  { name: 'alice', age: 30, tags: [ 'x', 'y' ] }
]"#),
    (r#"[{ a: 1 }, { b: 2 }]"#, r#"[ { a: 1 }, { b: 2 } ]"#),
    (r#"[[1, 2, [3, [4]]]]"#, r#"[ [ 1, 2, [ 3, [Array] ] ] ]"#),
    (r#"{ a: { b: { c: err('Error', 'x', 'Error: x\n    at y') } } }"#, r#"{
  a: {
    b: {
      c: Error: x
          at y
    }
  }
}"#),
    (r#"{ a: { b: { c: { d: err('Error', 'x', 'Error: x\n    at y') } } } }"#, r#"{ a: { b: { c: [Object] } } }"#),
    (r#"[err('Error', 'x', 'Error: x\n    at y', {}, err('Error', 'c', 'Error: c\n    at z'))]"#, r#"[
  Error: x
      at y {
    [cause]: Error: c
        at z
  }
]"#),
    (r#"{ a: { b: [err('MyError', 'x', 'MyError: x\n    at y', { code: [1, 2] })] } }"#, r#"{ a: { b: [ [MyError] ] } }"#),
    (r#"{ k: Symbol('a b') }"#, r#"{ k: Symbol(a b) }"#),
    (r#"{ 'a\nb': 1, '\u0001': 2 }"#, r#"{ 'a\nb': 1, '\x01': 2 }"#),
    (r#"[[1, 2, [3, 4, [5, [6]]]], { x: { y: { z: {} } } }]"#, r#"[ [ 1, 2, [ 3, 4, [Array] ] ], { x: { y: [Object] } } ]"#),
    (r#"range(7, 1e21)"#, r#"[
      0, 1e+21,
  2e+21, 3e+21,
  4e+21, 5e+21,
  6e+21
]"#),
    (r#"withProps(sparse(10, { 3: 1 }), { y: 2 })"#, r#"[ <3 empty items>, 1, <6 empty items>, y: 2 ]"#),
    (r#"rep(110, undefined)"#, r#"[
  undefined, undefined, undefined, undefined, undefined, undefined,
  undefined, undefined, undefined, undefined, undefined, undefined,
  undefined, undefined, undefined, undefined, undefined, undefined,
  undefined, undefined, undefined, undefined, undefined, undefined,
  undefined, undefined, undefined, undefined, undefined, undefined,
  undefined, undefined, undefined, undefined, undefined, undefined,
  undefined, undefined, undefined, undefined, undefined, undefined,
  undefined, undefined, undefined, undefined, undefined, undefined,
  undefined, undefined, undefined, undefined, undefined, undefined,
  undefined, undefined, undefined, undefined, undefined, undefined,
  undefined, undefined, undefined, undefined, undefined, undefined,
  undefined, undefined, undefined, undefined, undefined, undefined,
  undefined, undefined, undefined, undefined, undefined, undefined,
  undefined, undefined, undefined, undefined, undefined, undefined,
  undefined, undefined, undefined, undefined, undefined, undefined,
  undefined, undefined, undefined, undefined, undefined, undefined,
  undefined, undefined, undefined, undefined,
  ... 10 more items
]"#),
    (r#"words(7, 0, 0)"#, r#"[
  '', '', '', '',
  '', '', ''
]"#),
    (r#"err('Error', 'x', undefined, { message: 'x', name: 'Error' })"#, r#"[Error: x]"#),
    (r#"err('Error', 'x', '', { message: 'y' })"#, r#"[Error: y]"#),
    (r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#),
    (r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#),
    (r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#),
    (r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#),
    (r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#),
    (r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#),
    (r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#),
    (r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#),
    (r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#),
    (r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#),
    (r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{
  key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv'
}"#),
    (r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{
  key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv'
}"#),
    (r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{
  key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv'
}"#),
    (r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{
  key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv'
}"#),
    (r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{
  key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv'
}"#),
    (r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{
  key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv'
}"#),
    (r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{
  key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv'
}"#),
    (r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{
  key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv'
}"#),
    (r#"{ key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{
  key: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv'
}"#),
    (r#"{ a: 1, b: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{ a: 1, b: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#),
    (r#"{ a: 1, b: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{ a: 1, b: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#),
    (r#"{ a: 1, b: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{ a: 1, b: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#),
    (r#"{ a: 1, b: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{ a: 1, b: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#),
    (r#"{ a: 1, b: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{
  a: 1,
  b: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv'
}"#),
    (r#"{ a: 1, b: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' }"#, r#"{
  a: 1,
  b: 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv'
}"#),
    (r#"['ssssssssssssssssssssssssssssssssssssssssssssssssssssss', 1]"#, r#"[ 'ssssssssssssssssssssssssssssssssssssssssssssssssssssss', 1 ]"#),
    (r#"['ssssssssssssssssssssssssssssssssssssssssssssssssssssssss', 1]"#, r#"[ 'ssssssssssssssssssssssssssssssssssssssssssssssssssssssss', 1 ]"#),
    (r#"['ssssssssssssssssssssssssssssssssssssssssssssssssssssssssss', 1]"#, r#"[ 'ssssssssssssssssssssssssssssssssssssssssssssssssssssssssss', 1 ]"#),
    (r#"['ssssssssssssssssssssssssssssssssssssssssssssssssssssssssssss', 1]"#, r#"[ 'ssssssssssssssssssssssssssssssssssssssssssssssssssssssssssss', 1 ]"#),
    (r#"['ssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssss', 1]"#, r#"[ 'ssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssss', 1 ]"#),
    (r#"{ outer: { inner: 'wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww' } }"#, r#"{ outer: { inner: 'wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww' } }"#),
    (r#"{ outer: { inner: 'wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww' } }"#, r#"{ outer: { inner: 'wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww' } }"#),
    (r#"{ outer: { inner: 'wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww' } }"#, r#"{ outer: { inner: 'wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww' } }"#),
    (r#"{ outer: { inner: 'wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww' } }"#, r#"{
  outer: { inner: 'wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww' }
}"#),
    (r#"{ outer: { inner: 'wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww' } }"#, r#"{
  outer: { inner: 'wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww' }
}"#),
    (r#"{ outer: { inner: 'wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww' } }"#, r#"{
  outer: { inner: 'wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww' }
}"#),
    (r#"[{ k: 'qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq' }]"#, r#"[ { k: 'qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq' } ]"#),
    (r#"[{ k: 'qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq' }]"#, r#"[ { k: 'qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq' } ]"#),
    (r#"[{ k: 'qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq' }]"#, r#"[ { k: 'qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq' } ]"#),
    (r#"[{ k: 'qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq' }]"#, r#"[ { k: 'qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq' } ]"#),
    (r#"[{ k: 'qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq' }]"#, r#"[
  { k: 'qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq' }
]"#),
    (r#"{ a: { b: { c: 'dddddddddddddddddddddddddddddddddddddddd' } } }"#, r#"{ a: { b: { c: 'dddddddddddddddddddddddddddddddddddddddd' } } }"#),
    (r#"{ a: { b: { c: 'ddddddddddddddddddddddddddddddddddddddddddd' } } }"#, r#"{ a: { b: { c: 'ddddddddddddddddddddddddddddddddddddddddddd' } } }"#),
    (r#"{ a: { b: { c: 'dddddddddddddddddddddddddddddddddddddddddddddd' } } }"#, r#"{ a: { b: { c: 'dddddddddddddddddddddddddddddddddddddddddddddd' } } }"#),
    (r#"{ a: { b: { c: 'ddddddddddddddddddddddddddddddddddddddddddddddddd' } } }"#, r#"{
  a: { b: { c: 'ddddddddddddddddddddddddddddddddddddddddddddddddd' } }
}"#),
    (r#"{ a: { b: { c: 'dddddddddddddddddddddddddddddddddddddddddddddddddddd' } } }"#, r#"{
  a: { b: { c: 'dddddddddddddddddddddddddddddddddddddddddddddddddddd' } }
}"#),
    (r#"{ k0: 'xxxxxxxxxxxxxxxx', k1: 'xxxxxxxxxxxxxxxx', k2: 'xxxxxxxxxxxxxxxx' }"#, r#"{
  k0: 'xxxxxxxxxxxxxxxx',
  k1: 'xxxxxxxxxxxxxxxx',
  k2: 'xxxxxxxxxxxxxxxx'
}"#),
    (r#"{ k0: 'xxxxxxxxxxx', k1: 'xxxxxxxxxxx', k2: 'xxxxxxxxxxx', k3: 'xxxxxxxxxxx' }"#, r#"{
  k0: 'xxxxxxxxxxx',
  k1: 'xxxxxxxxxxx',
  k2: 'xxxxxxxxxxx',
  k3: 'xxxxxxxxxxx'
}"#),
    (r#"{ k0: 'xxxxxxxx', k1: 'xxxxxxxx', k2: 'xxxxxxxx', k3: 'xxxxxxxx', k4: 'xxxxxxxx' }"#, r#"{
  k0: 'xxxxxxxx',
  k1: 'xxxxxxxx',
  k2: 'xxxxxxxx',
  k3: 'xxxxxxxx',
  k4: 'xxxxxxxx'
}"#),
    (r#"{ k0: 'xxxxxx', k1: 'xxxxxx', k2: 'xxxxxx', k3: 'xxxxxx', k4: 'xxxxxx', k5: 'xxxxxx' }"#, r#"{
  k0: 'xxxxxx',
  k1: 'xxxxxx',
  k2: 'xxxxxx',
  k3: 'xxxxxx',
  k4: 'xxxxxx',
  k5: 'xxxxxx'
}"#),
];
