// Balls bouncing in a box, counting bounces, like the AWFY Bounce benchmark.
class Random {
  constructor() { this.seed = 74755; }
  next() {
    this.seed = ((this.seed * 1309) + 13849) & 65535;
    return this.seed;
  }
}

class Ball {
  constructor(random) {
    this.x = random.next() % 500;
    this.y = random.next() % 500;
    this.xVel = (random.next() % 300) - 150;
    this.yVel = (random.next() % 300) - 150;
  }

  bounce() {
    const xLimit = 500;
    const yLimit = 500;
    let bounced = false;
    this.x += this.xVel;
    this.y += this.yVel;
    if (this.x > xLimit) { this.x = xLimit; this.xVel = 0 - Math.abs(this.xVel); bounced = true; }
    if (this.x < 0) { this.x = 0; this.xVel = Math.abs(this.xVel); bounced = true; }
    if (this.y > yLimit) { this.y = yLimit; this.yVel = 0 - Math.abs(this.yVel); bounced = true; }
    if (this.y < 0) { this.y = 0; this.yVel = Math.abs(this.yVel); bounced = true; }
    return bounced;
  }
}

function simulate(ballCount, steps) {
  const random = new Random();
  const balls = [];
  for (let i = 0; i < ballCount; i++) balls.push(new Ball(random));
  let bounces = 0;
  for (let i = 0; i < steps; i++) {
    for (const ball of balls) {
      if (ball.bounce()) bounces++;
    }
  }
  return [bounces, balls];
}

const [bounces, balls] = simulate(100, 50);
console.log("bounces:", bounces, bounces === 1331);
console.log("first ball:", balls[0]);
console.log("positions:", balls.slice(0, 5).map(b => b.x + "," + b.y).join(" "));
for (const steps of [1, 10, 100]) console.log(steps, "steps:", simulate(20, steps)[0]);
