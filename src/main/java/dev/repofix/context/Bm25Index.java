package dev.repofix.context;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * An in-memory BM25 index over windows of repository files: {@link #WINDOW} lines each,
 * overlapping by {@link #OVERLAP} so a function cut at one window's edge is whole in the
 * next. Built per failure; small enough (a few hundred files) to need no persistence, and
 * bounded: files are read until {@value #MAX_INDEXED_CHARS} characters are indexed.
 */
final class Bm25Index {
    static final int WINDOW = 40;
    static final int OVERLAP = 10;
    static final String REASON = "BM25 match";
    /** Characters indexed at most (the files are given nearest first), so a repository's size does not decide the time. */
    static final long MAX_INDEXED_CHARS = 32L * 1024 * 1024;

    private static final String PATH = "path";
    private static final String START = "start";
    private static final String END = "end";
    private static final String BODY = "body";

    private final CodeAnalyzer analyzer;
    private final SourceFiles sources;
    private final Predicate<String> isTest;
    private final ByteBuffersDirectory directory = new ByteBuffersDirectory();

    /**
     * @param paths  files to index; each is read through {@code sources}, unreadable ones are left out
     * @param isTest tells test code, which ranks after source code on equal scores
     */
    Bm25Index(CodeAnalyzer analyzer, SourceFiles sources, Collection<String> paths, Predicate<String> isTest) {
        this.analyzer = analyzer;
        this.sources = sources;
        this.isTest = isTest;
        try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig(analyzer))) {
            long chars = 0;
            for (String path : paths) {
                if (chars > MAX_INDEXED_CHARS) {
                    break;
                }
                Optional<List<String>> lines = sources.lines(path);
                if (lines.isPresent()) {
                    addWindows(writer, path, lines.get());
                    chars += lines.get().stream().mapToLong(l -> l.length() + 1).sum();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("in-memory index failed", e);
        }
    }

    private static void addWindows(IndexWriter writer, String path, List<String> lines) {
        for (int start = 1; start <= lines.size(); start += WINDOW - OVERLAP) {
            int end = Math.min(lines.size(), start + WINDOW - 1);
            Document doc = new Document();
            doc.add(new StoredField(PATH, path));
            doc.add(new StoredField(START, start));
            doc.add(new StoredField(END, end));
            // The path is searchable too: a test named FooTest points at Foo.java.
            doc.add(new TextField(BODY, path + "\n" + String.join("\n", lines.subList(start - 1, end)), Field.Store.NO));
            try {
                writer.addDocument(doc);
            } catch (IOException e) {
                throw new UncheckedIOException("in-memory index failed", e);
            }
            if (end == lines.size()) {
                break;
            }
        }
    }

    /**
     * The windows that best match any of {@code terms} (already analysed), best first;
     * on equal scores source before test code, then by path and line. Terms become
     * {@link TermQuery} clauses directly, so no query syntax can break the search.
     */
    List<ContextChunk> search(Collection<String> terms, int maxHits) {
        if (terms.isEmpty()) {
            return List.of();
        }
        BooleanQuery.Builder query = new BooleanQuery.Builder();
        terms.forEach(t -> query.add(new TermQuery(new Term(BODY, t)), BooleanClause.Occur.SHOULD));
        try (DirectoryReader reader = DirectoryReader.open(directory)) {
            IndexSearcher searcher = new IndexSearcher(reader);
            StoredFields stored = searcher.storedFields();
            List<ContextChunk> hits = new ArrayList<>();
            for (ScoreDoc hit : searcher.search(query.build(), maxHits).scoreDocs) {
                Document doc = stored.document(hit.doc);
                String path = doc.get(PATH);
                int start = doc.getField(START).numericValue().intValue();
                int end = doc.getField(END).numericValue().intValue();
                sources.lines(path).ifPresent(
                        lines -> hits.add(ContextChunk.of(path, lines, start, end, REASON, hit.score)));
            }
            hits.sort(Comparator.comparingDouble(ContextChunk::score).reversed()
                    .thenComparing(c -> isTest.test(c.file()))
                    .thenComparing(ContextChunk::file)
                    .thenComparingInt(ContextChunk::startLine));
            return hits;
        } catch (IOException e) {
            throw new UncheckedIOException("in-memory search failed", e);
        }
    }
}
