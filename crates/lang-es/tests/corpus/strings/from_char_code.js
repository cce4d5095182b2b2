// String.fromCharCode with several arguments and values above 0xFFFF.
console.log(String.fromCharCode(72, 105, 33));
console.log(String.fromCharCode());
console.log(String.fromCharCode(0x41 + 0x10000), String.fromCharCode(65.9));
console.log(String.fromCharCode(0xe9).length, String.fromCharCode(0xd83d, 0xde00));
let alphabet = "";
for (let c = 97; c <= 122; c++) alphabet += String.fromCharCode(c);
console.log(alphabet);
console.log(String.fromCharCode(-1).charCodeAt(0));
