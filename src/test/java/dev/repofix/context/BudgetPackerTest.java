package dev.repofix.context;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class BudgetPackerTest {
    private static final List<String> LINES = IntStream.rangeClosed(1, 41).mapToObj(i -> "int v" + i + " = " + i + ";")
            .toList();
    private final BudgetPacker packer = new BudgetPacker(new TokenCounter());

    /** BM25's windows of a 41-line file are 1-40 and 31-41: line 41, left over alone, is still shown. */
    @Test
    void showsTheLastLineOfAFileLeftOverByTheOverlappingLastWindow() {
        List<Candidate> windows = List.of(
                Candidate.headFirst(ContextChunk.of("Calc.java", LINES, 1, 40, Bm25Index.REASON, 2.0)),
                Candidate.headFirst(ContextChunk.of("Calc.java", LINES, 31, 41, Bm25Index.REASON, 1.0)));

        List<ContextChunk> packed = packer.pack(windows, 10_000);

        assertThat(packed).singleElement().satisfies(c -> {
            assertThat(c.startLine()).isEqualTo(1);
            assertThat(c.endLine()).isEqualTo(41);
            assertThat(c.lines()).last().isEqualTo("int v41 = 41;");
        });
    }

    /** A short leftover is added to the chunk it touches only when the grown chunk fits the budget. */
    @Test
    void addsALeftoverToTheChunkItTouchesOnlyWhenItFits() {
        List<Candidate> apart = List.of(
                Candidate.headFirst(ContextChunk.of("Calc.java", LINES, 1, 20, "a", 2.0)),
                Candidate.headFirst(ContextChunk.of("Calc.java", LINES, 10, 21, "b", 1.0)));
        int justTheFirst = packer.cost(ContextChunk.of("Calc.java", LINES, 1, 20, "a", 2.0));

        assertThat(packer.pack(apart, 10_000)).extracting(ContextChunk::endLine).containsExactly(21);
        assertThat(packer.pack(apart, justTheFirst)).extracting(ContextChunk::endLine).containsExactly(20);
    }
}
