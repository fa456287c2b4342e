// Each game's words for the reasons its rules record (the engines' describe_reason), so the page's
// result line can be held to the log's outcome word for word. A game not named here records its
// reasons in words already. tests/service/web/test_page_shows_its_log.py holds this to the engines.
export const REASON_WORDS = {
  "most-wanted": {
    "most_wanted": "reached 13 notoriety: Most Wanted",
    "turn_limit": "the most notoriety when the turn limit was reached"
  }
};
