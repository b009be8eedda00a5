-- Every one- and two-character piece of a text, for searches too short for trigrams ("A1" in a plate).
create or replace function short_grams(value text) returns text[]
language sql immutable strict parallel safe
as $$
  select coalesce(array_agg(distinct substr(value, i, n)), '{}')
  from generate_series(1, 2) as n, generate_series(1, length(value) - n + 1) as i
$$;
