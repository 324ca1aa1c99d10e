package dev.repofix.history;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** A filter as a SQL WHERE clause with its parameters bound in order; values never enter the SQL text. */
record Where(String sql, List<Object> values) {
    Where {
        values = List.copyOf(values);
    }

    /** @param prefix the runs table's alias with its dot, or empty text */
    static Where of(RunFilter f, String prefix) {
        List<String> parts = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        f.since().ifPresent(t -> {
            parts.add(prefix + "started_at >= ?");
            values.add(t.toEpochMilli());
        });
        f.until().ifPresent(t -> {
            parts.add(prefix + "started_at < ?");
            values.add(t.toEpochMilli());
        });
        f.kind().ifPresent(k -> {
            parts.add(prefix + "kind = ?");
            values.add(k.name());
        });
        f.model().ifPresent(m -> {
            parts.add(prefix + "model = ?");
            values.add(m);
        });
        f.repository().ifPresent(r -> {
            parts.add(prefix + "repository = ?");
            values.add(r);
        });
        return new Where(parts.isEmpty() ? "" : " WHERE " + String.join(" AND ", parts), values);
    }

    PreparedStatement prepare(Connection c, String fullSql) throws SQLException {
        PreparedStatement p = c.prepareStatement(fullSql);
        for (int i = 0; i < values.size(); i++) {
            p.setObject(i + 1, values.get(i));
        }
        return p;
    }
}
