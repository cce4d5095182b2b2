// Property names that look like numbers, keywords or contain spaces.
const o = {};
o["hello world"] = 1;
o["123abc"] = 2;
o["-5"] = 3;
o["007"] = 4;
o[7] = 5;
o["__x"] = 6;
o[""] = 7;
console.log(o);
console.log(o[""], o["hello world"], o[-5], o["07"]);
