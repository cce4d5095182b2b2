// String() conversion of every primitive and some objects.
console.log(String(1), String(-0), String(1.50), String(1e21), String(NaN));
console.log(String(true), String(null), String(undefined), String(""));
console.log(String([1, [2, 3]]), String([]), String([null, undefined]), String({}));
console.log(typeof String(5), String(String(7)) === "7");
class P { toString() { return "P!"; } }
console.log(String(new P()), "" + new P(), `${new P()}`);
