// A module exporting a single function.
const repeatWord = require("./_fn_export");
console.log(typeof repeatWord, repeatWord.name);
console.log(repeatWord("go", 3), "|" + repeatWord("x", 0) + "|");
