// Reversing strings and words with split/reverse/join.
function reverse(s) { return s.split("").reverse().join(""); }
console.log(reverse("hello"), reverse(""), reverse("a"));
console.log("the quick brown fox".split(" ").reverse().join(" "));
function isPalindrome(s) {
  const clean = s.toLowerCase().split(" ").join("");
  return clean === reverse(clean);
}
console.log(isPalindrome("Never odd or even"), isPalindrome("EasyScript"));
