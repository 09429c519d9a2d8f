import { setPasswordHashCost } from '../src/platform/auth.js';

// Still argon2id, at 1 MiB and one pass: the suite hashes and checks passwords thousands of times.
setPasswordHashCost({ memoryCost: 1024, timeCost: 1 });
