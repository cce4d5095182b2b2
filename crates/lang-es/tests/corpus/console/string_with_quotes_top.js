// Top level strings keep all characters literally.
console.log("'single'", '"double"', "`back`");
console.log("multi\nline\nstring");
console.log("  leading and trailing spaces  ");
console.log("unicode: \u00e9 \u4e2d \ud83d\ude00");
