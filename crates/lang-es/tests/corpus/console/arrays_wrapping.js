// Arrays of longer items wrap over several lines at the 80 column limit.
const words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett", "kilo", "lima"];
console.log(words);
console.log(["a fairly long string number one", "a fairly long string number two", "three"]);
const objs = [];
for (let i = 0; i < 4; i++) objs.push({ id: i, name: "item" + i });
console.log(objs);
console.log([[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12], [13, 14, 15], [16, 17, 18], [19, 20, 21]]);
