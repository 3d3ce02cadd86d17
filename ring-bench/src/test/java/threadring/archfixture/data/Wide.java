package threadring.archfixture.data;

/** Fixture: a record of 17 components, one more than the cap. */
public record Wide(int a, int b, int c, int d, int e, int f, int g, int h, int i, int j, int k, int l, int m, int n,
        int o, int p, int q) {}
