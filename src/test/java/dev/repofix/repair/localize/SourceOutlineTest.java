package dev.repofix.repair.localize;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.repair.source.SourceFile;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SourceOutlineTest {
    @ParameterizedTest
    @CsvSource(delimiterString = " ~ ", value = {
            "    public void withdraw(long amount) { ~ withdraw",
            "    private static int clamp(int v, int lo, int hi) ~ clamp",
            "    long balance() { ~ balance",
            "    public Account(String owner, long opening) { ~ Account",
            "    Account(long opening) { ~ Account",
            "    protected final synchronized List<String> history() { ~ history",
            "    public String[] names(int n) throws IOException { ~ names",
            "    public <T> List<T> copy(List<T> in) { ~ copy",
            "    public static <K, V> Map<V, K> invert(Map<K, V> m) { ~ invert",
            "    public static <T extends Comparable<T>> T max(List<T> xs) { ~ max",
            "    static <T extends Comparable<? super T>> void sort(List<T> xs) { ~ sort",
            "    public Map<String, List<Integer>> group(List<String> xs) { ~ group",
            "    Optional<Map.Entry<String, Long>> largest( ~ largest",
            "    @Override public String toString() { ~ toString",
            "    public void transfer(Account to, ~ transfer",
    })
    void namesJavaMethodsAndConstructors(String line, String name) {
        SourceFile file = SourceFile.of("src/main/java/Account.java", line);

        assertThat(SourceOutline.declaredName(file, 1)).contains(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "        if (amount > balance) {",
            "        } else if (amount == 0) {",
            "        while (i < n) {",
            "        for (int i = 0; i < n; i++) {",
            "        switch (kind) {",
            "        return total(items);",
            "        return total(items,",
            "        throw new InsufficientFundsException(amount,",
            "        history.add(\"withdraw \" + amount);",
            "        log(amount);",
            "        process(amount,",
            "        assertThrows(IllegalStateException.class, () -> {",
            "        run(() -> {",
            "        items.forEach(item -> {",
            "        synchronized (lock) {",
            "        balance = compute(amount,",
            "        long rest = balance(amount);",
            "        } catch (IOException e) {",
            "        // public void commented(int x) {",
            "    @ParameterizedTest(name = \"{0}\")",
            "    private long balance;",
    })
    void doesNotNameStatementsCallsOrAssignments(String line) {
        SourceFile file = SourceFile.of("src/main/java/Account.java", line);

        assertThat(SourceOutline.declaredName(file, 1)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " ~ ", value = {
            "def add(a, b): ~ add",
            "    def withdraw(self, amount): ~ withdraw",
            "async def fetch(url): ~ fetch",
            "    async  def  fetch_all(urls) -> list: ~ fetch_all",
    })
    void namesPythonFunctions(String line, String name) {
        assertThat(SourceOutline.declaredName(SourceFile.of("inv/stock.py", line), 1)).contains(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"    return add(a, b)", "    x = define(1)", "class Stock:", "    # def hidden(x):",
            "    if defined(x):"})
    void doesNotNamePythonStatements(String line) {
        assertThat(SourceOutline.declaredName(SourceFile.of("inv/stock.py", line), 1)).isEmpty();
    }

    @Test
    void bodyEndsAtTheMatchingBraceIgnoringBracesInStringsAndComments() {
        SourceFile file = javaFile(
                "class Text {",                                  // 1
                "    String open(String s) {",                   // 2
                "        if (s.isEmpty()) {",                    // 3
                "            return \"{\" + '{' + \"}}\";",      // 4
                "        }",                                     // 5
                "        // a lone } in a comment",              // 6
                "        /* and { in a block",                   // 7
                "           comment */",                         // 8
                "        return s + \"}\";",                     // 9
                "    }",                                         // 10
                "",                                              // 11
                "    String close() {",                          // 12
                "        return \"\";",                          // 13
                "    }",                                         // 14
                "}");

        assertThat(SourceOutline.body(file, 2)).isEqualTo(new SourceOutline.Range(2, 10));
        assertThat(SourceOutline.body(file, 12)).isEqualTo(new SourceOutline.Range(12, 14));
    }

    @Test
    void bodyOfAnAbstractMethodIsItsDeclaration() {
        SourceFile file = javaFile("interface Shape {", "    double area();", "    String name(int width,",
                "            int height);", "}");

        assertThat(SourceOutline.body(file, 3)).isEqualTo(new SourceOutline.Range(3, 4));
    }

    @Test
    void bodyWithTheBraceOnTheNextLine() {
        SourceFile file = javaFile("class A {", "    int f(int x)", "    {", "        return x;", "    }", "}");

        assertThat(SourceOutline.body(file, 2)).isEqualTo(new SourceOutline.Range(2, 5));
    }

    @Test
    void enclosingFindsTheMethodAroundALine() {
        SourceFile file = javaFile(
                "class Account {",                     // 1
                "    private long balance;",           // 2
                "",                                    // 3
                "    void withdraw(long amount) {",    // 4
                "        if (amount > balance) {",     // 5
                "            throw new Error();",      // 6
                "        }",                           // 7
                "        balance -= amount;",          // 8
                "    }",                               // 9
                "}");

        assertThat(SourceOutline.enclosing(file, 6)).contains(new SourceOutline.Range(4, 9));
        assertThat(SourceOutline.enclosing(file, 4)).contains(new SourceOutline.Range(4, 9));
        assertThat(SourceOutline.enclosing(file, 2)).isEmpty();
    }

    @Test
    void enclosingIsEmptyBetweenMethods() {
        SourceFile file = javaFile("class A {", "    void a() {", "        x();", "    }", "    int field = 1;",
                "    void b() {", "    }", "}");

        assertThat(SourceOutline.enclosing(file, 5)).isEmpty();
    }

    @Test
    void enclosingLooksPastAMethodNestedBeforeTheLine() {
        SourceFile file = javaFile(
                "class A {",                                        // 1
                "    void outer() {",                               // 2
                "        Runnable r = new Runnable() {",            // 3
                "            public void run() {",                  // 4
                "                step();",                          // 5
                "            }",                                    // 6
                "        };",                                       // 7
                "        r.run();",                                 // 8
                "    }",                                            // 9
                "}");

        assertThat(SourceOutline.enclosing(file, 5)).contains(new SourceOutline.Range(4, 6));
        assertThat(SourceOutline.enclosing(file, 8)).contains(new SourceOutline.Range(2, 9));
    }

    @Test
    void pythonBodyRunsOverBlankLinesAndDocstringsToTheDedent() {
        SourceFile file = pythonFile(
                "class Stock:",                                    // 1
                "    def take(self, sku, qty):",                   // 2
                "        \"\"\"Take qty of sku.",                  // 3
                "",                                                // 4
                "Text at column 0 is still docstring.",            // 5
                "        \"\"\"",                                  // 6
                "        left = self.count(sku)",                  // 7
                "",                                                // 8
                "        if qty > left:",                          // 9
                "            raise KeyError(sku)",                 // 10
                "",                                                // 11
                "        return left - qty",                       // 12
                "",                                                // 13
                "    def count(self, sku):",                       // 14
                "        return self.items.get(sku, 0)",           // 15
                "",                                                // 16
                "def helper():",                                   // 17
                "    pass");                                       // 18

        assertThat(SourceOutline.body(file, 2)).isEqualTo(new SourceOutline.Range(2, 12));
        assertThat(SourceOutline.body(file, 14)).isEqualTo(new SourceOutline.Range(14, 15));
        assertThat(SourceOutline.body(file, 17)).isEqualTo(new SourceOutline.Range(17, 18));
        assertThat(SourceOutline.enclosing(file, 10)).contains(new SourceOutline.Range(2, 12));
    }

    @Test
    void pythonEnclosingLooksPastANestedFunction() {
        SourceFile file = pythonFile(
                "def total(items):",                     // 1
                "    def price(item):",                  // 2
                "        return item.qty * item.unit",   // 3
                "",                                      // 4
                "    return sum(price(i) for i in items)");   // 5

        assertThat(SourceOutline.enclosing(file, 3)).contains(new SourceOutline.Range(2, 3));
        assertThat(SourceOutline.enclosing(file, 5)).contains(new SourceOutline.Range(1, 5));
    }

    @Test
    void pythonBodyEndsAtADecoratorOfTheNextFunction() {
        SourceFile file = pythonFile("def a():", "    return 1", "@cache", "def b():", "    return 2");

        assertThat(SourceOutline.body(file, 1)).isEqualTo(new SourceOutline.Range(1, 2));
    }

    @Test
    void definitionsListsEveryDeclarationOfAName() {
        SourceFile file = javaFile(
                "class Calc {",
                "    int add(int a, int b) {",
                "        return a + b;",
                "    }",
                "    long add(long a, long b) {",
                "        return addAll(a, b);",
                "    }",
                "    int addAll(int... xs) {",
                "        return 0;",
                "    }",
                "}");

        assertThat(SourceOutline.definitions(file, "add"))
                .containsExactly(new SourceOutline.Range(2, 4), new SourceOutline.Range(5, 7));
        assertThat(SourceOutline.definitions(file, "sub")).isEmpty();
    }

    @Test
    void hasCodeIsFalseForBlankCommentAndDocstringLines() {
        SourceFile file = pythonFile("def f():", "    \"\"\"Doc.\"\"\"", "    # note", "", "    return 1");

        assertThat(IntStream.rangeClosed(1, 5).mapToObj(line -> SourceOutline.hasCode(file, line)))
                .containsExactly(true, false, false, false, true);
    }

    private static SourceFile javaFile(String... lines) {
        return SourceFile.of("src/main/java/A.java", String.join("\n", lines) + "\n");
    }

    private static SourceFile pythonFile(String... lines) {
        return SourceFile.of("inv/stock.py", String.join("\n", lines) + "\n");
    }

    /** Each repeated group of the declaration pattern recursed once per repetition and overflowed the stack. */
    @Test
    void readsDeclarationLinesOfAHundredThousandCharacters() {
        String annotations = "@A ".repeat(34_000) + "void run() {";
        String generic = "    Map<String, List<" + "x, ".repeat(34_000) + "y>> names(int n) {";
        String modifiers = "public ".repeat(15_000) + "void f() {";

        assertThat(SourceOutline.declaredName(SourceFile.of("A.java", annotations), 1)).contains("run");
        assertThat(SourceOutline.declaredName(SourceFile.of("A.java", generic), 1)).contains("names");
        assertThat(SourceOutline.declaredName(SourceFile.of("A.java", modifiers), 1))
                .as("more modifiers than any declaration has: not read as one, and no overflow").isEmpty();
    }
}
