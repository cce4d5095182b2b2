// Loose equality == with type coercion between primitives.
console.log(1 == "1", 0 == "", 0 == "0", "" == "0");
console.log(null == undefined, null == 0, undefined == 0, null == false);
console.log(true == 1, true == "1", false == "0", true == "true");
console.log("  12  " == 12, "1e2" == 100, "0x10" == 16);
console.log(NaN == "NaN", null == null, undefined == undefined);
console.log([] == "", [1] == 1, [1, 2] == "1,2");
const o = {};
console.log(o == o, o == {}, o === o);
