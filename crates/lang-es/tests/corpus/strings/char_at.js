// charAt and charCodeAt on valid and invalid indices.
const s = "AbZ9 ~";
for (let i = 0; i < s.length; i++) console.log(i, s.charAt(i), s.charCodeAt(i));
console.log(JSON_q(s.charAt(10)), s.charCodeAt(10), s.charAt(-1) === "", s.charCodeAt(-1));
console.log(s.charAt(), s.charCodeAt(), s.charAt(1.7), s.charAt("2"));
function JSON_q(x) { return "<" + x + ">"; }
