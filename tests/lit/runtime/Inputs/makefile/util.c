int next_of(int r, int n) { return (r + 1) % n; }
