// A small state machine implemented with a switch in a loop.
function run(input) {
  let state = "start";
  let number = "";
  const tokens = [];
  for (const ch of input + " ") {
    switch (state) {
      case "start":
        if (ch >= "0" && ch <= "9") { number = ch; state = "num"; }
        else if (ch !== " ") tokens.push("op:" + ch);
        break;
      case "num":
        if (ch >= "0" && ch <= "9") number += ch;
        else {
          tokens.push("num:" + number);
          state = "start";
          if (ch !== " ") tokens.push("op:" + ch);
        }
        break;
    }
  }
  return tokens;
}
console.log(run("12+345 * 6-7"));
