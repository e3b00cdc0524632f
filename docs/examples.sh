# Set these from what `make run` printed (the port too, if you ran `make run PORT=…`):
API=${API:-http://127.0.0.1:8000/api/v1}
TOKEN=${TOKEN:?give the paralegal API token}                # reads: RWDSU's paralegal
COUNSEL_TOKEN=${COUNSEL_TOKEN:?give the union-counsel token}  # counsel write for their own party
STAFF_TOKEN=${STAFF_TOKEN:?give the staff token}              # Board staff write for anyone

curl -H "Authorization: Token $TOKEN" $API/                                   # every endpoint
curl -H "Authorization: Token $TOKEN" $API/cases/10-RC-990001/status/         # the live demo: stage, next_deadline
curl -H "Authorization: Token $TOKEN" "$API/deadlines/?status=open"           # what is due, soonest first
curl -H "Authorization: Token $TOKEN" "$API/challenges/?case=10-RC-990001&status=pending"
curl -H "Authorization: Token $TOKEN" $API/cases/10-RC-269250/                # Bessemer, the historical record
curl -H "Authorization: Token $TOKEN" "$API/elections/?case=10-RC-269250"
curl -H "Authorization: Token $TOKEN" $API/elections/2/tallies/               # challenges_determinative: true

# counsel log a challenge for their own party (5: RWDSU in 10-RC-990001, whose election is 5);
# staff may log for any party or for the Board agent ("board_agent")
curl -X POST -H "Authorization: Token $COUNSEL_TOKEN" -H "Content-Type: application/json" \
     -d '{"voter_name": "J. Doe", "voter_identifier": "E-1001", "challenged_by": 5, "ground": "supervisor", "reason": "Schedules the shift"}' \
     $API/elections/5/challenges/

# import many challenges at once (here, staff into JFK8's election 3): all rows or none, errors by line and column
printf 'voter_name,voter_identifier,job_classification,challenged_by,ground,reason\nA. Roe,J-0001,Associate,board_agent,not_on_list,Not on the list\n' > challenges.csv
curl -X POST -H "Authorization: Token $STAFF_TOKEN" -F file=@challenges.csv $API/elections/3/challenges/import/

# file an objection for your party: the live case's period is open (5 business days after the tally), so
# this is timely; after the period closes counsel are refused with the due time, its zone and the rule
# (staff may still record a late one, flagged timely: false)
curl -X POST -H "Authorization: Token $COUNSEL_TOKEN" -H "Content-Type: application/json" \
     -d '{"filed_by": 5, "category": "threats", "statement": "Supervisors predicted closure"}' \
     $API/elections/5/objections/

# the chronological record, and your calendar feed (a secret URL for calendar apps; no token needed)
curl -H "Authorization: Token $TOKEN" $API/cases/10-RC-990001/timeline/
curl -H "Authorization: Token $TOKEN" $API/calendar/                          # → {"url": ".../calendar/<secret>.ics", …}
curl "$(curl -s -H "Authorization: Token $TOKEN" $API/calendar/ | python3 -c 'import json, sys; print(json.load(sys.stdin)["url"])')"
