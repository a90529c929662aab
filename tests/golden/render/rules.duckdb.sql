-- stratum 0: resolve_instance recursive=False inputs=alias instance
-- base resolve_instance reads=instance distinct=True delta=None
SELECT t0.c0, t0.c0 FROM "instance" AS t0
-- base resolve_instance reads=alias distinct=True delta=None
SELECT t0.c0, t0.c1 FROM "alias" AS t0
INSERT INTO "resolve_instance" (SELECT t0.c0, t0.c0 FROM "instance" AS t0) UNION (SELECT t0.c0, t0.c1 FROM "alias" AS t0)
-- stratum 1: constraint_dim recursive=False inputs=constraint_below constraint_exact constraint_window
-- base constraint_dim reads=constraint_below distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "constraint_below" AS t0
-- base constraint_dim reads=constraint_exact distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "constraint_exact" AS t0
-- base constraint_dim reads=constraint_window distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "constraint_window" AS t0
INSERT INTO "constraint_dim" (SELECT t0.c0, t0.c1, t0.c2 FROM "constraint_below" AS t0) UNION (SELECT t0.c0, t0.c1, t0.c2 FROM "constraint_exact" AS t0) UNION (SELECT t0.c0, t0.c1, t0.c2 FROM "constraint_window" AS t0)
-- stratum 2: contested recursive=False inputs=coord functional
-- base contested reads=coord,functional,coord distinct=False delta=None
SELECT t0.c0, t0.c1 FROM "coord" AS t0, "functional" AS t1, "coord" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t0.c2 < t2.c2
INSERT INTO "contested" SELECT DISTINCT t0.c0, t0.c1 FROM "coord" AS t0, "functional" AS t1, "coord" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t0.c2 < t2.c2
-- stratum 3: resolve recursive=False inputs=node synonym
-- base resolve reads=node distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c1 FROM "node" AS t0
-- base resolve reads=synonym distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "synonym" AS t0
INSERT INTO "resolve" (SELECT t0.c0, t0.c1, t0.c1 FROM "node" AS t0) UNION (SELECT t0.c0, t0.c1, t0.c2 FROM "synonym" AS t0)
-- stratum 4: desc recursive=True inputs=node subsumes
-- base desc reads=node distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c1 FROM "node" AS t0
INSERT INTO "desc" SELECT t0.c0, t0.c1, t0.c1 FROM "node" AS t0
-- step desc parity=None reads=subsumes,desc distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c2 FROM "subsumes" AS t0, "desc" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c2
INSERT INTO "desc$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t1.c2 FROM "subsumes" AS t0, "desc" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c2) EXCEPT SELECT * FROM "desc"
-- step desc parity=0 reads=subsumes,desc distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c2 FROM "subsumes" AS t0, "desc$delta0" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c2
INSERT INTO "desc$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t1.c2 FROM "subsumes" AS t0, "desc$delta0" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c2) EXCEPT SELECT * FROM "desc"
-- step desc parity=1 reads=subsumes,desc distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c2 FROM "subsumes" AS t0, "desc$delta1" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c2
INSERT INTO "desc$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t1.c2 FROM "subsumes" AS t0, "desc$delta1" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c2) EXCEPT SELECT * FROM "desc"
-- stratum 5: stale recursive=False inputs=meet_time meet_time_loose period
-- base stale reads=meet_time,period distinct=False delta=None
SELECT t0.c0, t1.c0 FROM "meet_time" AS t0, "period" AS t1 WHERE t1.c2 > t0.c2
-- base stale reads=meet_time,period distinct=False delta=None
SELECT t0.c0, t1.c0 FROM "meet_time" AS t0, "period" AS t1 WHERE t1.c3 < t0.c1
-- base stale reads=meet_time_loose,period distinct=False delta=None
SELECT t0.c0, t1.c0 FROM "meet_time_loose" AS t0, "period" AS t1 WHERE t1.c1 > t0.c2
-- base stale reads=meet_time_loose,period distinct=False delta=None
SELECT t0.c0, t1.c0 FROM "meet_time_loose" AS t0, "period" AS t1 WHERE t1.c4 < t0.c1
INSERT INTO "stale" (SELECT t0.c0, t1.c0 FROM "meet_time" AS t0, "period" AS t1 WHERE t1.c2 > t0.c2) UNION (SELECT t0.c0, t1.c0 FROM "meet_time" AS t0, "period" AS t1 WHERE t1.c3 < t0.c1) UNION (SELECT t0.c0, t1.c0 FROM "meet_time_loose" AS t0, "period" AS t1 WHERE t1.c1 > t0.c2) UNION (SELECT t0.c0, t1.c0 FROM "meet_time_loose" AS t0, "period" AS t1 WHERE t1.c4 < t0.c1)
-- stratum 6: disputed recursive=False inputs=coord functional
-- base disputed reads=contested distinct=False delta=None
SELECT t0.c1 FROM "contested" AS t0
INSERT INTO "disputed" SELECT DISTINCT t0.c1 FROM "contested" AS t0
-- stratum 7: constrains recursive=False inputs=constraint_below constraint_exact constraint_window coord functional
-- base constrains reads=constraint_dim,disputed distinct=False delta=None
SELECT t0.c0, t0.c2 FROM "constraint_dim" AS t0, "disputed" AS t1 WHERE t1.c0 = t0.c2
INSERT INTO "constrains" SELECT DISTINCT t0.c0, t0.c2 FROM "constraint_dim" AS t0, "disputed" AS t1 WHERE t1.c0 = t0.c2
-- stratum 8: world recursive=False inputs=coord functional
-- base world reads=contested,coord distinct=False delta=None
SELECT t0.c0, t0.c1, t1.c2 FROM "contested" AS t0, "coord" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
INSERT INTO "world" SELECT DISTINCT t0.c0, t0.c1, t1.c2 FROM "contested" AS t0, "coord" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
-- stratum 9: world_between recursive=False inputs=coord functional
-- base world_between reads=world,world,world distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c2, t2.c2 FROM "world" AS t0, "world" AS t1, "world" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t0.c2 < t1.c2 AND t1.c2 < t2.c2
INSERT INTO "world_between" SELECT DISTINCT t0.c0, t0.c1, t0.c2, t2.c2 FROM "world" AS t0, "world" AS t1, "world" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t0.c2 < t1.c2 AND t1.c2 < t2.c2
-- stratum 10: world_next recursive=False inputs=coord functional
-- base world_next reads=world,world distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2, t1.c2 FROM "world" AS t0, "world" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t0.c2 < t1.c2 AND NOT EXISTS (SELECT 1 FROM "world_between" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2 AND n1.c3 = t1.c2)
INSERT INTO "world_next" SELECT t0.c0, t0.c1, t0.c2, t1.c2 FROM "world" AS t0, "world" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t0.c2 < t1.c2 AND NOT EXISTS (SELECT 1 FROM "world_between" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2 AND n1.c3 = t1.c2)
-- stratum 11: world_earlier recursive=False inputs=coord functional
-- base world_earlier reads=world_next distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c3 FROM "world_next" AS t0
INSERT INTO "world_earlier" SELECT DISTINCT t0.c0, t0.c1, t0.c3 FROM "world_next" AS t0
-- stratum 12: world_first recursive=False inputs=coord functional
-- base world_first reads=world distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "world" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "world_earlier" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2)
INSERT INTO "world_first" SELECT t0.c0, t0.c1, t0.c2 FROM "world" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "world_earlier" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2)
-- stratum 13: sure_constraint recursive=False inputs=constraint_name constraint_window
-- base sure_constraint reads=constraint_name distinct=False delta=None
SELECT t0.c0, t0.c1 FROM "constraint_name" AS t0
-- base sure_constraint reads=constraint_window distinct=False delta=None
SELECT t0.c0, t0.c1 FROM "constraint_window" AS t0
INSERT INTO "sure_constraint" (SELECT t0.c0, t0.c1 FROM "constraint_name" AS t0) UNION (SELECT t0.c0, t0.c1 FROM "constraint_window" AS t0)
-- stratum 14: world_later recursive=False inputs=coord functional
-- base world_later reads=world_next distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "world_next" AS t0
INSERT INTO "world_later" SELECT DISTINCT t0.c0, t0.c1, t0.c2 FROM "world_next" AS t0
-- stratum 15: world_last recursive=False inputs=coord functional
-- base world_last reads=world distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "world" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "world_later" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2)
INSERT INTO "world_last" SELECT t0.c0, t0.c1, t0.c2 FROM "world" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "world_later" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2)
-- stratum 16: admits constraint_value doubt_value fits hit member member_doubt member_sure passes projected reached ref_value route self_hit self_value step_doubt step_out step_sure sure_ref world_all world_fits world_hit recursive=True inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base admits reads=constraint_window,bounds distinct=False delta=None
SELECT t0.c0, t0.c1, t1.c1, t1.c1 FROM "constraint_window" AS t0, "bounds" AS t1 WHERE t1.c0 = t0.c2 AND t0.c3 <= t1.c2 AND t1.c3 <= t0.c4
INSERT INTO "admits" SELECT DISTINCT t0.c0, t0.c1, t1.c1, t1.c1 FROM "constraint_window" AS t0, "bounds" AS t1 WHERE t1.c0 = t0.c2 AND t0.c3 <= t1.c2 AND t1.c3 <= t0.c4
-- step admits parity=None reads=constraint_below,constraint_value,desc distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c2, t2.c2 FROM "constraint_below" AS t0, "constraint_value" AS t1, "desc" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2
-- step admits parity=None reads=constraint_exact,constraint_value distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c2, t1.c2 FROM "constraint_exact" AS t0, "constraint_value" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
INSERT INTO "admits$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t1.c2, t2.c2 FROM "constraint_below" AS t0, "constraint_value" AS t1, "desc" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2) UNION ALL (SELECT t0.c0, t0.c1, t1.c2, t1.c2 FROM "constraint_exact" AS t0, "constraint_value" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1)) EXCEPT SELECT * FROM "admits"
-- step admits parity=0 reads=constraint_below,constraint_value,desc distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c2, t2.c2 FROM "constraint_below" AS t0, "constraint_value$delta0" AS t1, "desc" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2
-- step admits parity=0 reads=constraint_exact,constraint_value distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c2, t1.c2 FROM "constraint_exact" AS t0, "constraint_value$delta0" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
INSERT INTO "admits$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t1.c2, t2.c2 FROM "constraint_below" AS t0, "constraint_value$delta0" AS t1, "desc" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2) UNION ALL (SELECT t0.c0, t0.c1, t1.c2, t1.c2 FROM "constraint_exact" AS t0, "constraint_value$delta0" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1)) EXCEPT SELECT * FROM "admits"
-- step admits parity=1 reads=constraint_below,constraint_value,desc distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c2, t2.c2 FROM "constraint_below" AS t0, "constraint_value$delta1" AS t1, "desc" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2
-- step admits parity=1 reads=constraint_exact,constraint_value distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c2, t1.c2 FROM "constraint_exact" AS t0, "constraint_value$delta1" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
INSERT INTO "admits$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t1.c2, t2.c2 FROM "constraint_below" AS t0, "constraint_value$delta1" AS t1, "desc" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2) UNION ALL (SELECT t0.c0, t0.c1, t1.c2, t1.c2 FROM "constraint_exact" AS t0, "constraint_value$delta1" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1)) EXCEPT SELECT * FROM "admits"
-- base constraint_value reads=constraint_name,constraint_dim,resolve distinct=False delta=None
SELECT t0.c0, t0.c1, t2.c2 FROM "constraint_name" AS t0, "constraint_dim" AS t1, "resolve" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t2.c1 = t0.c2
INSERT INTO "constraint_value" SELECT DISTINCT t0.c0, t0.c1, t2.c2 FROM "constraint_name" AS t0, "constraint_dim" AS t1, "resolve" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t2.c1 = t0.c2
-- step constraint_value parity=None reads=ref_value distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c3 FROM "ref_value" AS t0
INSERT INTO "constraint_value$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t0.c3 FROM "ref_value" AS t0) EXCEPT SELECT * FROM "constraint_value"
-- step constraint_value parity=0 reads=ref_value distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c3 FROM "ref_value$delta0" AS t0
INSERT INTO "constraint_value$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t0.c3 FROM "ref_value$delta0" AS t0) EXCEPT SELECT * FROM "constraint_value"
-- step constraint_value parity=1 reads=ref_value distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c3 FROM "ref_value$delta1" AS t0
INSERT INTO "constraint_value$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t0.c3 FROM "ref_value$delta1" AS t0) EXCEPT SELECT * FROM "constraint_value"
-- step doubt_value parity=None reads=constraint_ref,step_doubt,constraint_dim,resolve distinct=False delta=1
SELECT t0.c0, t0.c1, t3.c2 FROM "constraint_ref" AS t0, "step_doubt" AS t1, "constraint_dim" AS t2, "resolve" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1
INSERT INTO "doubt_value$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t3.c2 FROM "constraint_ref" AS t0, "step_doubt" AS t1, "constraint_dim" AS t2, "resolve" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1) EXCEPT SELECT * FROM "doubt_value"
-- step doubt_value parity=0 reads=constraint_ref,step_doubt,constraint_dim,resolve distinct=False delta=1
SELECT t0.c0, t0.c1, t3.c2 FROM "constraint_ref" AS t0, "step_doubt$delta0" AS t1, "constraint_dim" AS t2, "resolve" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1
INSERT INTO "doubt_value$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t3.c2 FROM "constraint_ref" AS t0, "step_doubt$delta0" AS t1, "constraint_dim" AS t2, "resolve" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1) EXCEPT SELECT * FROM "doubt_value"
-- step doubt_value parity=1 reads=constraint_ref,step_doubt,constraint_dim,resolve distinct=False delta=1
SELECT t0.c0, t0.c1, t3.c2 FROM "constraint_ref" AS t0, "step_doubt$delta1" AS t1, "constraint_dim" AS t2, "resolve" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1
INSERT INTO "doubt_value$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t3.c2 FROM "constraint_ref" AS t0, "step_doubt$delta1" AS t1, "constraint_dim" AS t2, "resolve" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1) EXCEPT SELECT * FROM "doubt_value"
-- step fits parity=None reads=constraint_last,world_fits distinct=False delta=1
SELECT t0.c0, t1.c2, t1.c3, t1.c4 FROM "constraint_last" AS t0, "world_fits" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
INSERT INTO "fits$delta0" SELECT * FROM (SELECT t0.c0, t1.c2, t1.c3, t1.c4 FROM "constraint_last" AS t0, "world_fits" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1) EXCEPT SELECT * FROM "fits"
-- step fits parity=0 reads=constraint_last,world_fits distinct=False delta=1
SELECT t0.c0, t1.c2, t1.c3, t1.c4 FROM "constraint_last" AS t0, "world_fits$delta0" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
INSERT INTO "fits$delta0" SELECT * FROM (SELECT t0.c0, t1.c2, t1.c3, t1.c4 FROM "constraint_last" AS t0, "world_fits$delta0" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1) EXCEPT SELECT * FROM "fits"
-- step fits parity=1 reads=constraint_last,world_fits distinct=False delta=1
SELECT t0.c0, t1.c2, t1.c3, t1.c4 FROM "constraint_last" AS t0, "world_fits$delta1" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
INSERT INTO "fits$delta0" SELECT * FROM (SELECT t0.c0, t1.c2, t1.c3, t1.c4 FROM "constraint_last" AS t0, "world_fits$delta1" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1) EXCEPT SELECT * FROM "fits"
-- step hit parity=None reads=constraint_seed,constraint_dim,admits,coord distinct=False delta=2
SELECT t0.c0, t0.c1, t3.c0, t2.c2, t2.c3, t3.c3 FROM "constraint_seed" AS t0, "constraint_dim" AS t1, "admits" AS t2, "coord" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3)
-- step hit parity=None reads=reached,constraint_next,constraint_dim,coord,admits distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, t4.c2, t3.c2, t3.c3 FROM "reached" AS t0, "constraint_next" AS t1, "constraint_dim" AS t2, "coord" AS t3, "admits" AS t4 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND t4.c3 = t3.c2 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3)
-- step hit parity=None reads=reached,constraint_next,constraint_dim,coord,admits distinct=False delta=4
SELECT t0.c0, t1.c2, t0.c2, t4.c2, t3.c2, t3.c3 FROM "reached" AS t0, "constraint_next" AS t1, "constraint_dim" AS t2, "coord" AS t3, "admits" AS t4 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND t4.c3 = t3.c2 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3)
INSERT INTO "hit$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t3.c0, t2.c2, t2.c3, t3.c3 FROM "constraint_seed" AS t0, "constraint_dim" AS t1, "admits" AS t2, "coord" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, t4.c2, t3.c2, t3.c3 FROM "reached" AS t0, "constraint_next" AS t1, "constraint_dim" AS t2, "coord" AS t3, "admits" AS t4 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND t4.c3 = t3.c2 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, t4.c2, t3.c2, t3.c3 FROM "reached" AS t0, "constraint_next" AS t1, "constraint_dim" AS t2, "coord" AS t3, "admits" AS t4 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND t4.c3 = t3.c2 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3))) EXCEPT SELECT * FROM "hit"
-- step hit parity=0 reads=constraint_seed,constraint_dim,admits,coord distinct=False delta=2
SELECT t0.c0, t0.c1, t3.c0, t2.c2, t2.c3, t3.c3 FROM "constraint_seed" AS t0, "constraint_dim" AS t1, "admits$delta0" AS t2, "coord" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3)
-- step hit parity=0 reads=reached,constraint_next,constraint_dim,coord,admits distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, t4.c2, t3.c2, t3.c3 FROM "reached$delta0" AS t0, "constraint_next" AS t1, "constraint_dim" AS t2, "coord" AS t3, "admits" AS t4 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND t4.c3 = t3.c2 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3)
-- step hit parity=0 reads=reached,constraint_next,constraint_dim,coord,admits distinct=False delta=4
SELECT t0.c0, t1.c2, t0.c2, t4.c2, t3.c2, t3.c3 FROM "reached" AS t0, "constraint_next" AS t1, "constraint_dim" AS t2, "coord" AS t3, "admits$delta0" AS t4 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND t4.c3 = t3.c2 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3)
INSERT INTO "hit$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t3.c0, t2.c2, t2.c3, t3.c3 FROM "constraint_seed" AS t0, "constraint_dim" AS t1, "admits$delta0" AS t2, "coord" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, t4.c2, t3.c2, t3.c3 FROM "reached$delta0" AS t0, "constraint_next" AS t1, "constraint_dim" AS t2, "coord" AS t3, "admits" AS t4 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND t4.c3 = t3.c2 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, t4.c2, t3.c2, t3.c3 FROM "reached" AS t0, "constraint_next" AS t1, "constraint_dim" AS t2, "coord" AS t3, "admits$delta0" AS t4 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND t4.c3 = t3.c2 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3))) EXCEPT SELECT * FROM "hit"
-- step hit parity=1 reads=constraint_seed,constraint_dim,admits,coord distinct=False delta=2
SELECT t0.c0, t0.c1, t3.c0, t2.c2, t2.c3, t3.c3 FROM "constraint_seed" AS t0, "constraint_dim" AS t1, "admits$delta1" AS t2, "coord" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3)
-- step hit parity=1 reads=reached,constraint_next,constraint_dim,coord,admits distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, t4.c2, t3.c2, t3.c3 FROM "reached$delta1" AS t0, "constraint_next" AS t1, "constraint_dim" AS t2, "coord" AS t3, "admits" AS t4 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND t4.c3 = t3.c2 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3)
-- step hit parity=1 reads=reached,constraint_next,constraint_dim,coord,admits distinct=False delta=4
SELECT t0.c0, t1.c2, t0.c2, t4.c2, t3.c2, t3.c3 FROM "reached" AS t0, "constraint_next" AS t1, "constraint_dim" AS t2, "coord" AS t3, "admits$delta1" AS t4 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND t4.c3 = t3.c2 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3)
INSERT INTO "hit$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t3.c0, t2.c2, t2.c3, t3.c3 FROM "constraint_seed" AS t0, "constraint_dim" AS t1, "admits$delta1" AS t2, "coord" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, t4.c2, t3.c2, t3.c3 FROM "reached$delta1" AS t0, "constraint_next" AS t1, "constraint_dim" AS t2, "coord" AS t3, "admits" AS t4 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND t4.c3 = t3.c2 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, t4.c2, t3.c2, t3.c3 FROM "reached" AS t0, "constraint_next" AS t1, "constraint_dim" AS t2, "coord" AS t3, "admits$delta1" AS t4 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND t4.c3 = t3.c2 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3))) EXCEPT SELECT * FROM "hit"
-- step member parity=None reads=constraint_last,reached distinct=False delta=1
SELECT t0.c0, t1.c2 FROM "constraint_last" AS t0, "reached" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
INSERT INTO "member$delta0" SELECT * FROM (SELECT t0.c0, t1.c2 FROM "constraint_last" AS t0, "reached" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1) EXCEPT SELECT * FROM "member"
-- step member parity=0 reads=constraint_last,reached distinct=False delta=1
SELECT t0.c0, t1.c2 FROM "constraint_last" AS t0, "reached$delta0" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
INSERT INTO "member$delta0" SELECT * FROM (SELECT t0.c0, t1.c2 FROM "constraint_last" AS t0, "reached$delta0" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1) EXCEPT SELECT * FROM "member"
-- step member parity=1 reads=constraint_last,reached distinct=False delta=1
SELECT t0.c0, t1.c2 FROM "constraint_last" AS t0, "reached$delta1" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
INSERT INTO "member$delta0" SELECT * FROM (SELECT t0.c0, t1.c2 FROM "constraint_last" AS t0, "reached$delta1" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1) EXCEPT SELECT * FROM "member"
-- step member_doubt parity=None reads=disputed,constraint_last,reached distinct=False delta=2
SELECT t1.c0, t2.c2 FROM "disputed" AS t0, "constraint_last" AS t1, "reached" AS t2 WHERE t2.c0 = t1.c0 AND t2.c1 = t1.c1 AND t2.c3 = 1
INSERT INTO "member_doubt$delta0" SELECT * FROM (SELECT t1.c0, t2.c2 FROM "disputed" AS t0, "constraint_last" AS t1, "reached" AS t2 WHERE t2.c0 = t1.c0 AND t2.c1 = t1.c1 AND t2.c3 = 1) EXCEPT SELECT * FROM "member_doubt"
-- step member_doubt parity=0 reads=disputed,constraint_last,reached distinct=False delta=2
SELECT t1.c0, t2.c2 FROM "disputed" AS t0, "constraint_last" AS t1, "reached$delta0" AS t2 WHERE t2.c0 = t1.c0 AND t2.c1 = t1.c1 AND t2.c3 = 1
INSERT INTO "member_doubt$delta0" SELECT * FROM (SELECT t1.c0, t2.c2 FROM "disputed" AS t0, "constraint_last" AS t1, "reached$delta0" AS t2 WHERE t2.c0 = t1.c0 AND t2.c1 = t1.c1 AND t2.c3 = 1) EXCEPT SELECT * FROM "member_doubt"
-- step member_doubt parity=1 reads=disputed,constraint_last,reached distinct=False delta=2
SELECT t1.c0, t2.c2 FROM "disputed" AS t0, "constraint_last" AS t1, "reached$delta1" AS t2 WHERE t2.c0 = t1.c0 AND t2.c1 = t1.c1 AND t2.c3 = 1
INSERT INTO "member_doubt$delta0" SELECT * FROM (SELECT t1.c0, t2.c2 FROM "disputed" AS t0, "constraint_last" AS t1, "reached$delta1" AS t2 WHERE t2.c0 = t1.c0 AND t2.c1 = t1.c1 AND t2.c3 = 1) EXCEPT SELECT * FROM "member_doubt"
-- step member_sure parity=None reads=constraint_last,reached distinct=False delta=1
SELECT t0.c0, t1.c2 FROM "constraint_last" AS t0, "reached" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c3 = 0
INSERT INTO "member_sure$delta0" SELECT * FROM (SELECT t0.c0, t1.c2 FROM "constraint_last" AS t0, "reached" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c3 = 0) EXCEPT SELECT * FROM "member_sure"
-- step member_sure parity=0 reads=constraint_last,reached distinct=False delta=1
SELECT t0.c0, t1.c2 FROM "constraint_last" AS t0, "reached$delta0" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c3 = 0
INSERT INTO "member_sure$delta0" SELECT * FROM (SELECT t0.c0, t1.c2 FROM "constraint_last" AS t0, "reached$delta0" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c3 = 0) EXCEPT SELECT * FROM "member_sure"
-- step member_sure parity=1 reads=constraint_last,reached distinct=False delta=1
SELECT t0.c0, t1.c2 FROM "constraint_last" AS t0, "reached$delta1" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c3 = 0
INSERT INTO "member_sure$delta0" SELECT * FROM (SELECT t0.c0, t1.c2 FROM "constraint_last" AS t0, "reached$delta1" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c3 = 0) EXCEPT SELECT * FROM "member_sure"
-- base passes reads=constraint_dim,constrains,world distinct=False delta=None
SELECT t0.c0, t0.c1, t1.c1, t2.c2 FROM "constraint_dim" AS t0, "constrains" AS t1, "world" AS t2 WHERE t1.c0 = t0.c0 AND t2.c1 = t1.c1 AND t0.c2 <> t1.c1
-- base passes reads=constraint_self,constrains,world distinct=False delta=None
SELECT t0.c0, t0.c1, t1.c1, t2.c2 FROM "constraint_self" AS t0, "constrains" AS t1, "world" AS t2 WHERE t1.c0 = t0.c0 AND t2.c1 = t1.c1
INSERT INTO "passes" (SELECT t0.c0, t0.c1, t1.c1, t2.c2 FROM "constraint_dim" AS t0, "constrains" AS t1, "world" AS t2 WHERE t1.c0 = t0.c0 AND t2.c1 = t1.c1 AND t0.c2 <> t1.c1) UNION (SELECT t0.c0, t0.c1, t1.c1, t2.c2 FROM "constraint_self" AS t0, "constrains" AS t1, "world" AS t2 WHERE t1.c0 = t0.c0 AND t2.c1 = t1.c1)
-- step passes parity=None reads=constraint_dim,disputed,admits,world distinct=False delta=2
SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "constraint_dim" AS t0, "disputed" AS t1, "admits" AS t2, "world" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c1 = t0.c2 AND t3.c2 = t2.c3
INSERT INTO "passes$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "constraint_dim" AS t0, "disputed" AS t1, "admits" AS t2, "world" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c1 = t0.c2 AND t3.c2 = t2.c3) EXCEPT SELECT * FROM "passes"
-- step passes parity=0 reads=constraint_dim,disputed,admits,world distinct=False delta=2
SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "constraint_dim" AS t0, "disputed" AS t1, "admits$delta0" AS t2, "world" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c1 = t0.c2 AND t3.c2 = t2.c3
INSERT INTO "passes$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "constraint_dim" AS t0, "disputed" AS t1, "admits$delta0" AS t2, "world" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c1 = t0.c2 AND t3.c2 = t2.c3) EXCEPT SELECT * FROM "passes"
-- step passes parity=1 reads=constraint_dim,disputed,admits,world distinct=False delta=2
SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "constraint_dim" AS t0, "disputed" AS t1, "admits$delta1" AS t2, "world" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c1 = t0.c2 AND t3.c2 = t2.c3
INSERT INTO "passes$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "constraint_dim" AS t0, "disputed" AS t1, "admits$delta1" AS t2, "world" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c1 = t0.c2 AND t3.c2 = t2.c3) EXCEPT SELECT * FROM "passes"
-- step projected parity=None reads=meet_project,member,coord distinct=False delta=1
SELECT t0.c0, t1.c1, t2.c2, t2.c3 FROM "meet_project" AS t0, "member" AS t1, "coord" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t1.c1 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t2.c3)
INSERT INTO "projected$delta0" SELECT * FROM (SELECT t0.c0, t1.c1, t2.c2, t2.c3 FROM "meet_project" AS t0, "member" AS t1, "coord" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t1.c1 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t2.c3)) EXCEPT SELECT * FROM "projected"
-- step projected parity=0 reads=meet_project,member,coord distinct=False delta=1
SELECT t0.c0, t1.c1, t2.c2, t2.c3 FROM "meet_project" AS t0, "member$delta0" AS t1, "coord" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t1.c1 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t2.c3)
INSERT INTO "projected$delta0" SELECT * FROM (SELECT t0.c0, t1.c1, t2.c2, t2.c3 FROM "meet_project" AS t0, "member$delta0" AS t1, "coord" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t1.c1 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t2.c3)) EXCEPT SELECT * FROM "projected"
-- step projected parity=1 reads=meet_project,member,coord distinct=False delta=1
SELECT t0.c0, t1.c1, t2.c2, t2.c3 FROM "meet_project" AS t0, "member$delta1" AS t1, "coord" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t1.c1 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t2.c3)
INSERT INTO "projected$delta0" SELECT * FROM (SELECT t0.c0, t1.c1, t2.c2, t2.c3 FROM "meet_project" AS t0, "member$delta1" AS t1, "coord" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t1.c1 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t2.c3)) EXCEPT SELECT * FROM "projected"
-- step reached parity=None reads=constraint_seed,hit,sure_constraint,constraint_dim distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "hit" AS t1, "sure_constraint" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t3.c2)
-- step reached parity=None reads=constraint_seed,hit,sure_ref,constraint_dim distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "hit" AS t1, "sure_ref" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t2.c2 = t1.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t3.c2)
-- step reached parity=None reads=constraint_seed,hit,sure_ref,constraint_dim distinct=False delta=2
SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "hit" AS t1, "sure_ref" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t2.c2 = t1.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t3.c2)
-- step reached parity=None reads=constraint_seed,self_hit,constraint_name distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "self_hit" AS t1, "constraint_name" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1
-- step reached parity=None reads=constraint_seed,route distinct=True delta=1
SELECT t0.c0, t0.c1, t1.c2, t1.c3 FROM "constraint_seed" AS t0, "route" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
-- step reached parity=None reads=reached,constraint_next,hit,sure_constraint,constraint_dim distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=None reads=reached,constraint_next,hit,sure_constraint,constraint_dim distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=None reads=reached,constraint_next,hit,sure_ref,constraint_dim distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=None reads=reached,constraint_next,hit,sure_ref,constraint_dim distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=None reads=reached,constraint_next,hit,sure_ref,constraint_dim distinct=False delta=3
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=None reads=reached,constraint_next,route distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 0
-- step reached parity=None reads=reached,constraint_next,route distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 0
-- step reached parity=None reads=reached,constraint_next,hit,sure_constraint,constraint_dim distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=None reads=reached,constraint_next,hit,sure_constraint,constraint_dim distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=None reads=reached,constraint_next,hit,sure_ref,constraint_dim distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=None reads=reached,constraint_next,hit,sure_ref,constraint_dim distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=None reads=reached,constraint_next,hit,sure_ref,constraint_dim distinct=False delta=3
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=None reads=reached,constraint_next,route distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2
-- step reached parity=None reads=reached,constraint_next,route distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2
-- step reached parity=None reads=reached,constraint_next,route distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 1
-- step reached parity=None reads=reached,constraint_next,route distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 1
INSERT INTO "reached$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "hit" AS t1, "sure_constraint" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t3.c2)) UNION ALL (SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "hit" AS t1, "sure_ref" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t2.c2 = t1.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t3.c2)) UNION ALL (SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "hit" AS t1, "sure_ref" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t2.c2 = t1.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t3.c2)) UNION ALL (SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "self_hit" AS t1, "constraint_name" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1) UNION ALL (SELECT t0.c0, t0.c1, t1.c2, t1.c3 FROM "constraint_seed" AS t0, "route" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 0) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 0) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 1) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 1)) EXCEPT SELECT * FROM "reached"
-- step reached parity=0 reads=constraint_seed,hit,sure_constraint,constraint_dim distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "hit$delta0" AS t1, "sure_constraint" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t3.c2)
-- step reached parity=0 reads=constraint_seed,hit,sure_ref,constraint_dim distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "hit$delta0" AS t1, "sure_ref" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t2.c2 = t1.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t3.c2)
-- step reached parity=0 reads=constraint_seed,hit,sure_ref,constraint_dim distinct=False delta=2
SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "hit" AS t1, "sure_ref$delta0" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t2.c2 = t1.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t3.c2)
-- step reached parity=0 reads=constraint_seed,self_hit,constraint_name distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "self_hit$delta0" AS t1, "constraint_name" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1
-- step reached parity=0 reads=constraint_seed,route distinct=True delta=1
SELECT t0.c0, t0.c1, t1.c2, t1.c3 FROM "constraint_seed" AS t0, "route$delta0" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
-- step reached parity=0 reads=reached,constraint_next,hit,sure_constraint,constraint_dim distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached$delta0" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=0 reads=reached,constraint_next,hit,sure_constraint,constraint_dim distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit$delta0" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=0 reads=reached,constraint_next,hit,sure_ref,constraint_dim distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached$delta0" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=0 reads=reached,constraint_next,hit,sure_ref,constraint_dim distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit$delta0" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=0 reads=reached,constraint_next,hit,sure_ref,constraint_dim distinct=False delta=3
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref$delta0" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=0 reads=reached,constraint_next,route distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached$delta0" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 0
-- step reached parity=0 reads=reached,constraint_next,route distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "route$delta0" AS t2 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 0
-- step reached parity=0 reads=reached,constraint_next,hit,sure_constraint,constraint_dim distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached$delta0" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=0 reads=reached,constraint_next,hit,sure_constraint,constraint_dim distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit$delta0" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=0 reads=reached,constraint_next,hit,sure_ref,constraint_dim distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached$delta0" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=0 reads=reached,constraint_next,hit,sure_ref,constraint_dim distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit$delta0" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=0 reads=reached,constraint_next,hit,sure_ref,constraint_dim distinct=False delta=3
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref$delta0" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=0 reads=reached,constraint_next,route distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached$delta0" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2
-- step reached parity=0 reads=reached,constraint_next,route distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "route$delta0" AS t2 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2
-- step reached parity=0 reads=reached,constraint_next,route distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached$delta0" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 1
-- step reached parity=0 reads=reached,constraint_next,route distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "route$delta0" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 1
INSERT INTO "reached$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "hit$delta0" AS t1, "sure_constraint" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t3.c2)) UNION ALL (SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "hit$delta0" AS t1, "sure_ref" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t2.c2 = t1.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t3.c2)) UNION ALL (SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "hit" AS t1, "sure_ref$delta0" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t2.c2 = t1.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t3.c2)) UNION ALL (SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "self_hit$delta0" AS t1, "constraint_name" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1) UNION ALL (SELECT t0.c0, t0.c1, t1.c2, t1.c3 FROM "constraint_seed" AS t0, "route$delta0" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached$delta0" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit$delta0" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached$delta0" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit$delta0" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref$delta0" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached$delta0" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 0) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "route$delta0" AS t2 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 0) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached$delta0" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit$delta0" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached$delta0" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit$delta0" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref$delta0" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached$delta0" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "route$delta0" AS t2 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached$delta0" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 1) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "route$delta0" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 1)) EXCEPT SELECT * FROM "reached"
-- step reached parity=1 reads=constraint_seed,hit,sure_constraint,constraint_dim distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "hit$delta1" AS t1, "sure_constraint" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t3.c2)
-- step reached parity=1 reads=constraint_seed,hit,sure_ref,constraint_dim distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "hit$delta1" AS t1, "sure_ref" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t2.c2 = t1.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t3.c2)
-- step reached parity=1 reads=constraint_seed,hit,sure_ref,constraint_dim distinct=False delta=2
SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "hit" AS t1, "sure_ref$delta1" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t2.c2 = t1.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t3.c2)
-- step reached parity=1 reads=constraint_seed,self_hit,constraint_name distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "self_hit$delta1" AS t1, "constraint_name" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1
-- step reached parity=1 reads=constraint_seed,route distinct=True delta=1
SELECT t0.c0, t0.c1, t1.c2, t1.c3 FROM "constraint_seed" AS t0, "route$delta1" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
-- step reached parity=1 reads=reached,constraint_next,hit,sure_constraint,constraint_dim distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached$delta1" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=1 reads=reached,constraint_next,hit,sure_constraint,constraint_dim distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit$delta1" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=1 reads=reached,constraint_next,hit,sure_ref,constraint_dim distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached$delta1" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=1 reads=reached,constraint_next,hit,sure_ref,constraint_dim distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit$delta1" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=1 reads=reached,constraint_next,hit,sure_ref,constraint_dim distinct=False delta=3
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref$delta1" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=1 reads=reached,constraint_next,route distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached$delta1" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 0
-- step reached parity=1 reads=reached,constraint_next,route distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "route$delta1" AS t2 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 0
-- step reached parity=1 reads=reached,constraint_next,hit,sure_constraint,constraint_dim distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached$delta1" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=1 reads=reached,constraint_next,hit,sure_constraint,constraint_dim distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit$delta1" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=1 reads=reached,constraint_next,hit,sure_ref,constraint_dim distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached$delta1" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=1 reads=reached,constraint_next,hit,sure_ref,constraint_dim distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit$delta1" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=1 reads=reached,constraint_next,hit,sure_ref,constraint_dim distinct=False delta=3
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref$delta1" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)
-- step reached parity=1 reads=reached,constraint_next,route distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached$delta1" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2
-- step reached parity=1 reads=reached,constraint_next,route distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "route$delta1" AS t2 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2
-- step reached parity=1 reads=reached,constraint_next,route distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached$delta1" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 1
-- step reached parity=1 reads=reached,constraint_next,route distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "route$delta1" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 1
INSERT INTO "reached$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "hit$delta1" AS t1, "sure_constraint" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t3.c2)) UNION ALL (SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "hit$delta1" AS t1, "sure_ref" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t2.c2 = t1.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t3.c2)) UNION ALL (SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "hit" AS t1, "sure_ref$delta1" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t2.c2 = t1.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t3.c2)) UNION ALL (SELECT t0.c0, t0.c1, t1.c2, 0 FROM "constraint_seed" AS t0, "self_hit$delta1" AS t1, "constraint_name" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1) UNION ALL (SELECT t0.c0, t0.c1, t1.c2, t1.c3 FROM "constraint_seed" AS t0, "route$delta1" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached$delta1" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit$delta1" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached$delta1" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit$delta1" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref$delta1" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached$delta1" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 0) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 0 FROM "reached" AS t0, "constraint_next" AS t1, "route$delta1" AS t2 WHERE t0.c3 = 0 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 0) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached$delta1" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit$delta1" AS t2, "sure_constraint" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached$delta1" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit$delta1" AS t2, "sure_ref" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "hit" AS t2, "sure_ref$delta1" AS t3, "constraint_dim" AS t4 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND t4.c0 = t0.c0 AND t4.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t4.c2)) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached$delta1" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "route$delta1" AS t2 WHERE t0.c3 = 1 AND t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached$delta1" AS t0, "constraint_next" AS t1, "route" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 1) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, 1 FROM "reached" AS t0, "constraint_next" AS t1, "route$delta1" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t2.c3 = 1)) EXCEPT SELECT * FROM "reached"
-- step ref_value parity=None reads=constraint_ref,step_out,constraint_dim,resolve distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c1, t3.c2 FROM "constraint_ref" AS t0, "step_out" AS t1, "constraint_dim" AS t2, "resolve" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1
INSERT INTO "ref_value$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t1.c1, t3.c2 FROM "constraint_ref" AS t0, "step_out" AS t1, "constraint_dim" AS t2, "resolve" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1) EXCEPT SELECT * FROM "ref_value"
-- step ref_value parity=0 reads=constraint_ref,step_out,constraint_dim,resolve distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c1, t3.c2 FROM "constraint_ref" AS t0, "step_out$delta0" AS t1, "constraint_dim" AS t2, "resolve" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1
INSERT INTO "ref_value$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t1.c1, t3.c2 FROM "constraint_ref" AS t0, "step_out$delta0" AS t1, "constraint_dim" AS t2, "resolve" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1) EXCEPT SELECT * FROM "ref_value"
-- step ref_value parity=1 reads=constraint_ref,step_out,constraint_dim,resolve distinct=False delta=1
SELECT t0.c0, t0.c1, t1.c1, t3.c2 FROM "constraint_ref" AS t0, "step_out$delta1" AS t1, "constraint_dim" AS t2, "resolve" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1
INSERT INTO "ref_value$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t1.c1, t3.c2 FROM "constraint_ref" AS t0, "step_out$delta1" AS t1, "constraint_dim" AS t2, "resolve" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1) EXCEPT SELECT * FROM "ref_value"
-- step route parity=None reads=world_all,constraint_dim,world_last distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, 0 FROM "world_all" AS t0, "constraint_dim" AS t1, "world_last" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3
-- step route parity=None reads=hit,constraint_dim,contested,fits distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit" AS t0, "constraint_dim" AS t1, "contested" AS t2, "fits" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t3.c0 = t0.c0 AND t3.c1 = t0.c2 AND t3.c2 = t1.c2 AND t3.c3 = t0.c4
-- step route parity=None reads=hit,constraint_dim,contested,fits distinct=False delta=3
SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit" AS t0, "constraint_dim" AS t1, "contested" AS t2, "fits" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t3.c0 = t0.c0 AND t3.c1 = t0.c2 AND t3.c2 = t1.c2 AND t3.c3 = t0.c4
-- step route parity=None reads=hit,doubt_value,constraint_dim distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit" AS t0, "doubt_value" AS t1, "constraint_dim" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t2.c2)
-- step route parity=None reads=hit,doubt_value,constraint_dim distinct=False delta=1
SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit" AS t0, "doubt_value" AS t1, "constraint_dim" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t2.c2)
-- step route parity=None reads=self_hit,constraint_name distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, 0 FROM "self_hit" AS t0, "constraint_name" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
-- step route parity=None reads=self_hit,constraint_ref,step_sure,resolve_instance distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, 0 FROM "self_hit" AS t0, "constraint_ref" AS t1, "step_sure" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2
-- step route parity=None reads=self_hit,constraint_ref,step_sure,resolve_instance distinct=False delta=2
SELECT t0.c0, t0.c1, t0.c2, 0 FROM "self_hit" AS t0, "constraint_ref" AS t1, "step_sure" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2
-- step route parity=None reads=self_hit,constraint_ref,step_doubt,resolve_instance distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, 1 FROM "self_hit" AS t0, "constraint_ref" AS t1, "step_doubt" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2
-- step route parity=None reads=self_hit,constraint_ref,step_doubt,resolve_instance distinct=False delta=2
SELECT t0.c0, t0.c1, t0.c2, 1 FROM "self_hit" AS t0, "constraint_ref" AS t1, "step_doubt" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2
INSERT INTO "route$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t0.c2, 0 FROM "world_all" AS t0, "constraint_dim" AS t1, "world_last" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit" AS t0, "constraint_dim" AS t1, "contested" AS t2, "fits" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t3.c0 = t0.c0 AND t3.c1 = t0.c2 AND t3.c2 = t1.c2 AND t3.c3 = t0.c4) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit" AS t0, "constraint_dim" AS t1, "contested" AS t2, "fits" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t3.c0 = t0.c0 AND t3.c1 = t0.c2 AND t3.c2 = t1.c2 AND t3.c3 = t0.c4) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit" AS t0, "doubt_value" AS t1, "constraint_dim" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t2.c2)) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit" AS t0, "doubt_value" AS t1, "constraint_dim" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t2.c2)) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 0 FROM "self_hit" AS t0, "constraint_name" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 0 FROM "self_hit" AS t0, "constraint_ref" AS t1, "step_sure" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 0 FROM "self_hit" AS t0, "constraint_ref" AS t1, "step_sure" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 1 FROM "self_hit" AS t0, "constraint_ref" AS t1, "step_doubt" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 1 FROM "self_hit" AS t0, "constraint_ref" AS t1, "step_doubt" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2)) EXCEPT SELECT * FROM "route"
-- step route parity=0 reads=world_all,constraint_dim,world_last distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, 0 FROM "world_all$delta0" AS t0, "constraint_dim" AS t1, "world_last" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3
-- step route parity=0 reads=hit,constraint_dim,contested,fits distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit$delta0" AS t0, "constraint_dim" AS t1, "contested" AS t2, "fits" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t3.c0 = t0.c0 AND t3.c1 = t0.c2 AND t3.c2 = t1.c2 AND t3.c3 = t0.c4
-- step route parity=0 reads=hit,constraint_dim,contested,fits distinct=False delta=3
SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit" AS t0, "constraint_dim" AS t1, "contested" AS t2, "fits$delta0" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t3.c0 = t0.c0 AND t3.c1 = t0.c2 AND t3.c2 = t1.c2 AND t3.c3 = t0.c4
-- step route parity=0 reads=hit,doubt_value,constraint_dim distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit$delta0" AS t0, "doubt_value" AS t1, "constraint_dim" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t2.c2)
-- step route parity=0 reads=hit,doubt_value,constraint_dim distinct=False delta=1
SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit" AS t0, "doubt_value$delta0" AS t1, "constraint_dim" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t2.c2)
-- step route parity=0 reads=self_hit,constraint_name distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, 0 FROM "self_hit$delta0" AS t0, "constraint_name" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
-- step route parity=0 reads=self_hit,constraint_ref,step_sure,resolve_instance distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, 0 FROM "self_hit$delta0" AS t0, "constraint_ref" AS t1, "step_sure" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2
-- step route parity=0 reads=self_hit,constraint_ref,step_sure,resolve_instance distinct=False delta=2
SELECT t0.c0, t0.c1, t0.c2, 0 FROM "self_hit" AS t0, "constraint_ref" AS t1, "step_sure$delta0" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2
-- step route parity=0 reads=self_hit,constraint_ref,step_doubt,resolve_instance distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, 1 FROM "self_hit$delta0" AS t0, "constraint_ref" AS t1, "step_doubt" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2
-- step route parity=0 reads=self_hit,constraint_ref,step_doubt,resolve_instance distinct=False delta=2
SELECT t0.c0, t0.c1, t0.c2, 1 FROM "self_hit" AS t0, "constraint_ref" AS t1, "step_doubt$delta0" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2
INSERT INTO "route$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t0.c2, 0 FROM "world_all$delta0" AS t0, "constraint_dim" AS t1, "world_last" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit$delta0" AS t0, "constraint_dim" AS t1, "contested" AS t2, "fits" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t3.c0 = t0.c0 AND t3.c1 = t0.c2 AND t3.c2 = t1.c2 AND t3.c3 = t0.c4) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit" AS t0, "constraint_dim" AS t1, "contested" AS t2, "fits$delta0" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t3.c0 = t0.c0 AND t3.c1 = t0.c2 AND t3.c2 = t1.c2 AND t3.c3 = t0.c4) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit$delta0" AS t0, "doubt_value" AS t1, "constraint_dim" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t2.c2)) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit" AS t0, "doubt_value$delta0" AS t1, "constraint_dim" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t2.c2)) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 0 FROM "self_hit$delta0" AS t0, "constraint_name" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 0 FROM "self_hit$delta0" AS t0, "constraint_ref" AS t1, "step_sure" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 0 FROM "self_hit" AS t0, "constraint_ref" AS t1, "step_sure$delta0" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 1 FROM "self_hit$delta0" AS t0, "constraint_ref" AS t1, "step_doubt" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 1 FROM "self_hit" AS t0, "constraint_ref" AS t1, "step_doubt$delta0" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2)) EXCEPT SELECT * FROM "route"
-- step route parity=1 reads=world_all,constraint_dim,world_last distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, 0 FROM "world_all$delta1" AS t0, "constraint_dim" AS t1, "world_last" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3
-- step route parity=1 reads=hit,constraint_dim,contested,fits distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit$delta1" AS t0, "constraint_dim" AS t1, "contested" AS t2, "fits" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t3.c0 = t0.c0 AND t3.c1 = t0.c2 AND t3.c2 = t1.c2 AND t3.c3 = t0.c4
-- step route parity=1 reads=hit,constraint_dim,contested,fits distinct=False delta=3
SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit" AS t0, "constraint_dim" AS t1, "contested" AS t2, "fits$delta1" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t3.c0 = t0.c0 AND t3.c1 = t0.c2 AND t3.c2 = t1.c2 AND t3.c3 = t0.c4
-- step route parity=1 reads=hit,doubt_value,constraint_dim distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit$delta1" AS t0, "doubt_value" AS t1, "constraint_dim" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t2.c2)
-- step route parity=1 reads=hit,doubt_value,constraint_dim distinct=False delta=1
SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit" AS t0, "doubt_value$delta1" AS t1, "constraint_dim" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t2.c2)
-- step route parity=1 reads=self_hit,constraint_name distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, 0 FROM "self_hit$delta1" AS t0, "constraint_name" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
-- step route parity=1 reads=self_hit,constraint_ref,step_sure,resolve_instance distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, 0 FROM "self_hit$delta1" AS t0, "constraint_ref" AS t1, "step_sure" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2
-- step route parity=1 reads=self_hit,constraint_ref,step_sure,resolve_instance distinct=False delta=2
SELECT t0.c0, t0.c1, t0.c2, 0 FROM "self_hit" AS t0, "constraint_ref" AS t1, "step_sure$delta1" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2
-- step route parity=1 reads=self_hit,constraint_ref,step_doubt,resolve_instance distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, 1 FROM "self_hit$delta1" AS t0, "constraint_ref" AS t1, "step_doubt" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2
-- step route parity=1 reads=self_hit,constraint_ref,step_doubt,resolve_instance distinct=False delta=2
SELECT t0.c0, t0.c1, t0.c2, 1 FROM "self_hit" AS t0, "constraint_ref" AS t1, "step_doubt$delta1" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2
INSERT INTO "route$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t0.c2, 0 FROM "world_all$delta1" AS t0, "constraint_dim" AS t1, "world_last" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit$delta1" AS t0, "constraint_dim" AS t1, "contested" AS t2, "fits" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t3.c0 = t0.c0 AND t3.c1 = t0.c2 AND t3.c2 = t1.c2 AND t3.c3 = t0.c4) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit" AS t0, "constraint_dim" AS t1, "contested" AS t2, "fits$delta1" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t3.c0 = t0.c0 AND t3.c1 = t0.c2 AND t3.c2 = t1.c2 AND t3.c3 = t0.c4) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit$delta1" AS t0, "doubt_value" AS t1, "constraint_dim" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t2.c2)) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 1 FROM "hit" AS t0, "doubt_value$delta1" AS t1, "constraint_dim" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c2 AND n1.c1 = t2.c2)) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 0 FROM "self_hit$delta1" AS t0, "constraint_name" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 0 FROM "self_hit$delta1" AS t0, "constraint_ref" AS t1, "step_sure" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 0 FROM "self_hit" AS t0, "constraint_ref" AS t1, "step_sure$delta1" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 1 FROM "self_hit$delta1" AS t0, "constraint_ref" AS t1, "step_doubt" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, 1 FROM "self_hit" AS t0, "constraint_ref" AS t1, "step_doubt$delta1" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1 AND t3.c1 = t0.c2)) EXCEPT SELECT * FROM "route"
-- step self_hit parity=None reads=constraint_seed,self_value distinct=True delta=1
SELECT t0.c0, t0.c1, t1.c2 FROM "constraint_seed" AS t0, "self_value" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
-- step self_hit parity=None reads=reached,constraint_next,self_value distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2 FROM "reached" AS t0, "constraint_next" AS t1, "self_value" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2
-- step self_hit parity=None reads=reached,constraint_next,self_value distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2 FROM "reached" AS t0, "constraint_next" AS t1, "self_value" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2
INSERT INTO "self_hit$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t1.c2 FROM "constraint_seed" AS t0, "self_value" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1) UNION ALL (SELECT t0.c0, t1.c2, t0.c2 FROM "reached" AS t0, "constraint_next" AS t1, "self_value" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2) UNION ALL (SELECT t0.c0, t1.c2, t0.c2 FROM "reached" AS t0, "constraint_next" AS t1, "self_value" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2)) EXCEPT SELECT * FROM "self_hit"
-- step self_hit parity=0 reads=constraint_seed,self_value distinct=True delta=1
SELECT t0.c0, t0.c1, t1.c2 FROM "constraint_seed" AS t0, "self_value$delta0" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
-- step self_hit parity=0 reads=reached,constraint_next,self_value distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2 FROM "reached$delta0" AS t0, "constraint_next" AS t1, "self_value" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2
-- step self_hit parity=0 reads=reached,constraint_next,self_value distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2 FROM "reached" AS t0, "constraint_next" AS t1, "self_value$delta0" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2
INSERT INTO "self_hit$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t1.c2 FROM "constraint_seed" AS t0, "self_value$delta0" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1) UNION ALL (SELECT t0.c0, t1.c2, t0.c2 FROM "reached$delta0" AS t0, "constraint_next" AS t1, "self_value" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2) UNION ALL (SELECT t0.c0, t1.c2, t0.c2 FROM "reached" AS t0, "constraint_next" AS t1, "self_value$delta0" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2)) EXCEPT SELECT * FROM "self_hit"
-- step self_hit parity=1 reads=constraint_seed,self_value distinct=True delta=1
SELECT t0.c0, t0.c1, t1.c2 FROM "constraint_seed" AS t0, "self_value$delta1" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1
-- step self_hit parity=1 reads=reached,constraint_next,self_value distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2 FROM "reached$delta1" AS t0, "constraint_next" AS t1, "self_value" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2
-- step self_hit parity=1 reads=reached,constraint_next,self_value distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2 FROM "reached" AS t0, "constraint_next" AS t1, "self_value$delta1" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2
INSERT INTO "self_hit$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t1.c2 FROM "constraint_seed" AS t0, "self_value$delta1" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1) UNION ALL (SELECT t0.c0, t1.c2, t0.c2 FROM "reached$delta1" AS t0, "constraint_next" AS t1, "self_value" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2) UNION ALL (SELECT t0.c0, t1.c2, t0.c2 FROM "reached" AS t0, "constraint_next" AS t1, "self_value$delta1" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2)) EXCEPT SELECT * FROM "self_hit"
-- base self_value reads=constraint_self,constraint_name,resolve_instance distinct=False delta=None
SELECT t0.c0, t0.c1, t2.c1 FROM "constraint_self" AS t0, "constraint_name" AS t1, "resolve_instance" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2
INSERT INTO "self_value" SELECT DISTINCT t0.c0, t0.c1, t2.c1 FROM "constraint_self" AS t0, "constraint_name" AS t1, "resolve_instance" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2
-- step self_value parity=None reads=constraint_self,constraint_ref,step_out,resolve_instance distinct=False delta=2
SELECT t0.c0, t0.c1, t3.c1 FROM "constraint_self" AS t0, "constraint_ref" AS t1, "step_out" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1
INSERT INTO "self_value$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t3.c1 FROM "constraint_self" AS t0, "constraint_ref" AS t1, "step_out" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1) EXCEPT SELECT * FROM "self_value"
-- step self_value parity=0 reads=constraint_self,constraint_ref,step_out,resolve_instance distinct=False delta=2
SELECT t0.c0, t0.c1, t3.c1 FROM "constraint_self" AS t0, "constraint_ref" AS t1, "step_out$delta0" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1
INSERT INTO "self_value$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t3.c1 FROM "constraint_self" AS t0, "constraint_ref" AS t1, "step_out$delta0" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1) EXCEPT SELECT * FROM "self_value"
-- step self_value parity=1 reads=constraint_self,constraint_ref,step_out,resolve_instance distinct=False delta=2
SELECT t0.c0, t0.c1, t3.c1 FROM "constraint_self" AS t0, "constraint_ref" AS t1, "step_out$delta1" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1
INSERT INTO "self_value$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t3.c1 FROM "constraint_self" AS t0, "constraint_ref" AS t1, "step_out$delta1" AS t2, "resolve_instance" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND t3.c0 = t2.c1) EXCEPT SELECT * FROM "self_value"
-- step step_doubt parity=None reads=step_meet,meet_instances,member_doubt distinct=False delta=2
SELECT t0.c0, t2.c1 FROM "step_meet" AS t0, "meet_instances" AS t1, "member_doubt" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1
-- step step_doubt parity=None reads=step_meet,member_doubt,projected distinct=False delta=1
SELECT t0.c0, t2.c2 FROM "step_meet" AS t0, "member_doubt" AS t1, "projected" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t2.c1 = t1.c1
-- step step_doubt parity=None reads=step_meet,member_doubt,projected distinct=False delta=2
SELECT t0.c0, t2.c2 FROM "step_meet" AS t0, "member_doubt" AS t1, "projected" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t2.c1 = t1.c1
-- step step_doubt parity=None reads=step_meet,meet_project,projected,contested distinct=False delta=2
SELECT t0.c0, t2.c2 FROM "step_meet" AS t0, "meet_project" AS t1, "projected" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t3.c0 = t2.c1 AND t3.c1 = t1.c1
INSERT INTO "step_doubt$delta0" SELECT * FROM ((SELECT t0.c0, t2.c1 FROM "step_meet" AS t0, "meet_instances" AS t1, "member_doubt" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1) UNION ALL (SELECT t0.c0, t2.c2 FROM "step_meet" AS t0, "member_doubt" AS t1, "projected" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t2.c1 = t1.c1) UNION ALL (SELECT t0.c0, t2.c2 FROM "step_meet" AS t0, "member_doubt" AS t1, "projected" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t2.c1 = t1.c1) UNION ALL (SELECT t0.c0, t2.c2 FROM "step_meet" AS t0, "meet_project" AS t1, "projected" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t3.c0 = t2.c1 AND t3.c1 = t1.c1)) EXCEPT SELECT * FROM "step_doubt"
-- step step_doubt parity=0 reads=step_meet,meet_instances,member_doubt distinct=False delta=2
SELECT t0.c0, t2.c1 FROM "step_meet" AS t0, "meet_instances" AS t1, "member_doubt$delta0" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1
-- step step_doubt parity=0 reads=step_meet,member_doubt,projected distinct=False delta=1
SELECT t0.c0, t2.c2 FROM "step_meet" AS t0, "member_doubt$delta0" AS t1, "projected" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t2.c1 = t1.c1
-- step step_doubt parity=0 reads=step_meet,member_doubt,projected distinct=False delta=2
SELECT t0.c0, t2.c2 FROM "step_meet" AS t0, "member_doubt" AS t1, "projected$delta0" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t2.c1 = t1.c1
-- step step_doubt parity=0 reads=step_meet,meet_project,projected,contested distinct=False delta=2
SELECT t0.c0, t2.c2 FROM "step_meet" AS t0, "meet_project" AS t1, "projected$delta0" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t3.c0 = t2.c1 AND t3.c1 = t1.c1
INSERT INTO "step_doubt$delta0" SELECT * FROM ((SELECT t0.c0, t2.c1 FROM "step_meet" AS t0, "meet_instances" AS t1, "member_doubt$delta0" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1) UNION ALL (SELECT t0.c0, t2.c2 FROM "step_meet" AS t0, "member_doubt$delta0" AS t1, "projected" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t2.c1 = t1.c1) UNION ALL (SELECT t0.c0, t2.c2 FROM "step_meet" AS t0, "member_doubt" AS t1, "projected$delta0" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t2.c1 = t1.c1) UNION ALL (SELECT t0.c0, t2.c2 FROM "step_meet" AS t0, "meet_project" AS t1, "projected$delta0" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t3.c0 = t2.c1 AND t3.c1 = t1.c1)) EXCEPT SELECT * FROM "step_doubt"
-- step step_doubt parity=1 reads=step_meet,meet_instances,member_doubt distinct=False delta=2
SELECT t0.c0, t2.c1 FROM "step_meet" AS t0, "meet_instances" AS t1, "member_doubt$delta1" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1
-- step step_doubt parity=1 reads=step_meet,member_doubt,projected distinct=False delta=1
SELECT t0.c0, t2.c2 FROM "step_meet" AS t0, "member_doubt$delta1" AS t1, "projected" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t2.c1 = t1.c1
-- step step_doubt parity=1 reads=step_meet,member_doubt,projected distinct=False delta=2
SELECT t0.c0, t2.c2 FROM "step_meet" AS t0, "member_doubt" AS t1, "projected$delta1" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t2.c1 = t1.c1
-- step step_doubt parity=1 reads=step_meet,meet_project,projected,contested distinct=False delta=2
SELECT t0.c0, t2.c2 FROM "step_meet" AS t0, "meet_project" AS t1, "projected$delta1" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t3.c0 = t2.c1 AND t3.c1 = t1.c1
INSERT INTO "step_doubt$delta0" SELECT * FROM ((SELECT t0.c0, t2.c1 FROM "step_meet" AS t0, "meet_instances" AS t1, "member_doubt$delta1" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1) UNION ALL (SELECT t0.c0, t2.c2 FROM "step_meet" AS t0, "member_doubt$delta1" AS t1, "projected" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t2.c1 = t1.c1) UNION ALL (SELECT t0.c0, t2.c2 FROM "step_meet" AS t0, "member_doubt" AS t1, "projected$delta1" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t2.c1 = t1.c1) UNION ALL (SELECT t0.c0, t2.c2 FROM "step_meet" AS t0, "meet_project" AS t1, "projected$delta1" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t3.c0 = t2.c1 AND t3.c1 = t1.c1)) EXCEPT SELECT * FROM "step_doubt"
-- step step_out parity=None reads=step_meet,meet_instances,member distinct=False delta=2
SELECT t0.c0, t2.c1 FROM "step_meet" AS t0, "meet_instances" AS t1, "member" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1
-- step step_out parity=None reads=step_meet,projected distinct=False delta=1
SELECT t0.c0, t1.c2 FROM "step_meet" AS t0, "projected" AS t1 WHERE t1.c0 = t0.c1
INSERT INTO "step_out$delta0" SELECT * FROM ((SELECT t0.c0, t2.c1 FROM "step_meet" AS t0, "meet_instances" AS t1, "member" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1) UNION ALL (SELECT t0.c0, t1.c2 FROM "step_meet" AS t0, "projected" AS t1 WHERE t1.c0 = t0.c1)) EXCEPT SELECT * FROM "step_out"
-- step step_out parity=0 reads=step_meet,meet_instances,member distinct=False delta=2
SELECT t0.c0, t2.c1 FROM "step_meet" AS t0, "meet_instances" AS t1, "member$delta0" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1
-- step step_out parity=0 reads=step_meet,projected distinct=False delta=1
SELECT t0.c0, t1.c2 FROM "step_meet" AS t0, "projected$delta0" AS t1 WHERE t1.c0 = t0.c1
INSERT INTO "step_out$delta0" SELECT * FROM ((SELECT t0.c0, t2.c1 FROM "step_meet" AS t0, "meet_instances" AS t1, "member$delta0" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1) UNION ALL (SELECT t0.c0, t1.c2 FROM "step_meet" AS t0, "projected$delta0" AS t1 WHERE t1.c0 = t0.c1)) EXCEPT SELECT * FROM "step_out"
-- step step_out parity=1 reads=step_meet,meet_instances,member distinct=False delta=2
SELECT t0.c0, t2.c1 FROM "step_meet" AS t0, "meet_instances" AS t1, "member$delta1" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1
-- step step_out parity=1 reads=step_meet,projected distinct=False delta=1
SELECT t0.c0, t1.c2 FROM "step_meet" AS t0, "projected$delta1" AS t1 WHERE t1.c0 = t0.c1
INSERT INTO "step_out$delta0" SELECT * FROM ((SELECT t0.c0, t2.c1 FROM "step_meet" AS t0, "meet_instances" AS t1, "member$delta1" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1) UNION ALL (SELECT t0.c0, t1.c2 FROM "step_meet" AS t0, "projected$delta1" AS t1 WHERE t1.c0 = t0.c1)) EXCEPT SELECT * FROM "step_out"
-- step step_sure parity=None reads=step_meet,meet_instances,member_sure distinct=False delta=2
SELECT t0.c0, t2.c1 FROM "step_meet" AS t0, "meet_instances" AS t1, "member_sure" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1
-- step step_sure parity=None reads=step_meet,meet_project,member_sure,projected distinct=False delta=2
SELECT t0.c0, t3.c2 FROM "step_meet" AS t0, "meet_project" AS t1, "member_sure" AS t2, "projected" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t3.c0 = t0.c1 AND t3.c1 = t2.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t2.c1 AND n1.c1 = t1.c1)
-- step step_sure parity=None reads=step_meet,meet_project,member_sure,projected distinct=False delta=3
SELECT t0.c0, t3.c2 FROM "step_meet" AS t0, "meet_project" AS t1, "member_sure" AS t2, "projected" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t3.c0 = t0.c1 AND t3.c1 = t2.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t2.c1 AND n1.c1 = t1.c1)
INSERT INTO "step_sure$delta0" SELECT * FROM ((SELECT t0.c0, t2.c1 FROM "step_meet" AS t0, "meet_instances" AS t1, "member_sure" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1) UNION ALL (SELECT t0.c0, t3.c2 FROM "step_meet" AS t0, "meet_project" AS t1, "member_sure" AS t2, "projected" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t3.c0 = t0.c1 AND t3.c1 = t2.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t2.c1 AND n1.c1 = t1.c1)) UNION ALL (SELECT t0.c0, t3.c2 FROM "step_meet" AS t0, "meet_project" AS t1, "member_sure" AS t2, "projected" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t3.c0 = t0.c1 AND t3.c1 = t2.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t2.c1 AND n1.c1 = t1.c1))) EXCEPT SELECT * FROM "step_sure"
-- step step_sure parity=0 reads=step_meet,meet_instances,member_sure distinct=False delta=2
SELECT t0.c0, t2.c1 FROM "step_meet" AS t0, "meet_instances" AS t1, "member_sure$delta0" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1
-- step step_sure parity=0 reads=step_meet,meet_project,member_sure,projected distinct=False delta=2
SELECT t0.c0, t3.c2 FROM "step_meet" AS t0, "meet_project" AS t1, "member_sure$delta0" AS t2, "projected" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t3.c0 = t0.c1 AND t3.c1 = t2.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t2.c1 AND n1.c1 = t1.c1)
-- step step_sure parity=0 reads=step_meet,meet_project,member_sure,projected distinct=False delta=3
SELECT t0.c0, t3.c2 FROM "step_meet" AS t0, "meet_project" AS t1, "member_sure" AS t2, "projected$delta0" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t3.c0 = t0.c1 AND t3.c1 = t2.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t2.c1 AND n1.c1 = t1.c1)
INSERT INTO "step_sure$delta0" SELECT * FROM ((SELECT t0.c0, t2.c1 FROM "step_meet" AS t0, "meet_instances" AS t1, "member_sure$delta0" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1) UNION ALL (SELECT t0.c0, t3.c2 FROM "step_meet" AS t0, "meet_project" AS t1, "member_sure$delta0" AS t2, "projected" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t3.c0 = t0.c1 AND t3.c1 = t2.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t2.c1 AND n1.c1 = t1.c1)) UNION ALL (SELECT t0.c0, t3.c2 FROM "step_meet" AS t0, "meet_project" AS t1, "member_sure" AS t2, "projected$delta0" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t3.c0 = t0.c1 AND t3.c1 = t2.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t2.c1 AND n1.c1 = t1.c1))) EXCEPT SELECT * FROM "step_sure"
-- step step_sure parity=1 reads=step_meet,meet_instances,member_sure distinct=False delta=2
SELECT t0.c0, t2.c1 FROM "step_meet" AS t0, "meet_instances" AS t1, "member_sure$delta1" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1
-- step step_sure parity=1 reads=step_meet,meet_project,member_sure,projected distinct=False delta=2
SELECT t0.c0, t3.c2 FROM "step_meet" AS t0, "meet_project" AS t1, "member_sure$delta1" AS t2, "projected" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t3.c0 = t0.c1 AND t3.c1 = t2.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t2.c1 AND n1.c1 = t1.c1)
-- step step_sure parity=1 reads=step_meet,meet_project,member_sure,projected distinct=False delta=3
SELECT t0.c0, t3.c2 FROM "step_meet" AS t0, "meet_project" AS t1, "member_sure" AS t2, "projected$delta1" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t3.c0 = t0.c1 AND t3.c1 = t2.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t2.c1 AND n1.c1 = t1.c1)
INSERT INTO "step_sure$delta0" SELECT * FROM ((SELECT t0.c0, t2.c1 FROM "step_meet" AS t0, "meet_instances" AS t1, "member_sure$delta1" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1) UNION ALL (SELECT t0.c0, t3.c2 FROM "step_meet" AS t0, "meet_project" AS t1, "member_sure$delta1" AS t2, "projected" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t3.c0 = t0.c1 AND t3.c1 = t2.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t2.c1 AND n1.c1 = t1.c1)) UNION ALL (SELECT t0.c0, t3.c2 FROM "step_meet" AS t0, "meet_project" AS t1, "member_sure" AS t2, "projected$delta1" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t3.c0 = t0.c1 AND t3.c1 = t2.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t2.c1 AND n1.c1 = t1.c1))) EXCEPT SELECT * FROM "step_sure"
-- step sure_ref parity=None reads=constraint_ref,step_sure,constraint_dim,resolve distinct=False delta=1
SELECT t0.c0, t0.c1, t3.c2 FROM "constraint_ref" AS t0, "step_sure" AS t1, "constraint_dim" AS t2, "resolve" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1
INSERT INTO "sure_ref$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t3.c2 FROM "constraint_ref" AS t0, "step_sure" AS t1, "constraint_dim" AS t2, "resolve" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1) EXCEPT SELECT * FROM "sure_ref"
-- step sure_ref parity=0 reads=constraint_ref,step_sure,constraint_dim,resolve distinct=False delta=1
SELECT t0.c0, t0.c1, t3.c2 FROM "constraint_ref" AS t0, "step_sure$delta0" AS t1, "constraint_dim" AS t2, "resolve" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1
INSERT INTO "sure_ref$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t3.c2 FROM "constraint_ref" AS t0, "step_sure$delta0" AS t1, "constraint_dim" AS t2, "resolve" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1) EXCEPT SELECT * FROM "sure_ref"
-- step sure_ref parity=1 reads=constraint_ref,step_sure,constraint_dim,resolve distinct=False delta=1
SELECT t0.c0, t0.c1, t3.c2 FROM "constraint_ref" AS t0, "step_sure$delta1" AS t1, "constraint_dim" AS t2, "resolve" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1
INSERT INTO "sure_ref$delta0" SELECT * FROM (SELECT t0.c0, t0.c1, t3.c2 FROM "constraint_ref" AS t0, "step_sure$delta1" AS t1, "constraint_dim" AS t2, "resolve" AS t3 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1) EXCEPT SELECT * FROM "sure_ref"
-- step world_all parity=None reads=world_hit,constraint_dim,world_first distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, t0.c3 FROM "world_hit" AS t0, "constraint_dim" AS t1, "world_first" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3
-- step world_all parity=None reads=world_all,constraint_dim,world_next,world_hit distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "world_all" AS t0, "constraint_dim" AS t1, "world_next" AS t2, "world_hit" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t3.c2 = t0.c2 AND t3.c3 = t2.c3
-- step world_all parity=None reads=world_all,constraint_dim,world_next,world_hit distinct=False delta=3
SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "world_all" AS t0, "constraint_dim" AS t1, "world_next" AS t2, "world_hit" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t3.c2 = t0.c2 AND t3.c3 = t2.c3
INSERT INTO "world_all$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t0.c2, t0.c3 FROM "world_hit" AS t0, "constraint_dim" AS t1, "world_first" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "world_all" AS t0, "constraint_dim" AS t1, "world_next" AS t2, "world_hit" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t3.c2 = t0.c2 AND t3.c3 = t2.c3) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "world_all" AS t0, "constraint_dim" AS t1, "world_next" AS t2, "world_hit" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t3.c2 = t0.c2 AND t3.c3 = t2.c3)) EXCEPT SELECT * FROM "world_all"
-- step world_all parity=0 reads=world_hit,constraint_dim,world_first distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, t0.c3 FROM "world_hit$delta0" AS t0, "constraint_dim" AS t1, "world_first" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3
-- step world_all parity=0 reads=world_all,constraint_dim,world_next,world_hit distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "world_all$delta0" AS t0, "constraint_dim" AS t1, "world_next" AS t2, "world_hit" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t3.c2 = t0.c2 AND t3.c3 = t2.c3
-- step world_all parity=0 reads=world_all,constraint_dim,world_next,world_hit distinct=False delta=3
SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "world_all" AS t0, "constraint_dim" AS t1, "world_next" AS t2, "world_hit$delta0" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t3.c2 = t0.c2 AND t3.c3 = t2.c3
INSERT INTO "world_all$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t0.c2, t0.c3 FROM "world_hit$delta0" AS t0, "constraint_dim" AS t1, "world_first" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "world_all$delta0" AS t0, "constraint_dim" AS t1, "world_next" AS t2, "world_hit" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t3.c2 = t0.c2 AND t3.c3 = t2.c3) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "world_all" AS t0, "constraint_dim" AS t1, "world_next" AS t2, "world_hit$delta0" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t3.c2 = t0.c2 AND t3.c3 = t2.c3)) EXCEPT SELECT * FROM "world_all"
-- step world_all parity=1 reads=world_hit,constraint_dim,world_first distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, t0.c3 FROM "world_hit$delta1" AS t0, "constraint_dim" AS t1, "world_first" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3
-- step world_all parity=1 reads=world_all,constraint_dim,world_next,world_hit distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "world_all$delta1" AS t0, "constraint_dim" AS t1, "world_next" AS t2, "world_hit" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t3.c2 = t0.c2 AND t3.c3 = t2.c3
-- step world_all parity=1 reads=world_all,constraint_dim,world_next,world_hit distinct=False delta=3
SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "world_all" AS t0, "constraint_dim" AS t1, "world_next" AS t2, "world_hit$delta1" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t3.c2 = t0.c2 AND t3.c3 = t2.c3
INSERT INTO "world_all$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t0.c2, t0.c3 FROM "world_hit$delta1" AS t0, "constraint_dim" AS t1, "world_first" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "world_all$delta1" AS t0, "constraint_dim" AS t1, "world_next" AS t2, "world_hit" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t3.c2 = t0.c2 AND t3.c3 = t2.c3) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "world_all" AS t0, "constraint_dim" AS t1, "world_next" AS t2, "world_hit$delta1" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c2 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t3.c2 = t0.c2 AND t3.c3 = t2.c3)) EXCEPT SELECT * FROM "world_all"
-- step world_fits parity=None reads=constraint_seed,constrains,world,passes distinct=True delta=3
SELECT t0.c0, t0.c1, t2.c0, t1.c1, t2.c2 FROM "constraint_seed" AS t0, "constrains" AS t1, "world" AS t2, "passes" AS t3 WHERE t1.c0 = t0.c0 AND t2.c1 = t1.c1 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t3.c2 = t1.c1 AND t3.c3 = t2.c2
-- step world_fits parity=None reads=world_fits,constraint_next,passes distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, t0.c3, t0.c4 FROM "world_fits" AS t0, "constraint_next" AS t1, "passes" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t2.c3 = t0.c4
-- step world_fits parity=None reads=world_fits,constraint_next,passes distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, t0.c3, t0.c4 FROM "world_fits" AS t0, "constraint_next" AS t1, "passes" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t2.c3 = t0.c4
INSERT INTO "world_fits$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t2.c0, t1.c1, t2.c2 FROM "constraint_seed" AS t0, "constrains" AS t1, "world" AS t2, "passes" AS t3 WHERE t1.c0 = t0.c0 AND t2.c1 = t1.c1 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t3.c2 = t1.c1 AND t3.c3 = t2.c2) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, t0.c3, t0.c4 FROM "world_fits" AS t0, "constraint_next" AS t1, "passes" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t2.c3 = t0.c4) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, t0.c3, t0.c4 FROM "world_fits" AS t0, "constraint_next" AS t1, "passes" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t2.c3 = t0.c4)) EXCEPT SELECT * FROM "world_fits"
-- step world_fits parity=0 reads=constraint_seed,constrains,world,passes distinct=True delta=3
SELECT t0.c0, t0.c1, t2.c0, t1.c1, t2.c2 FROM "constraint_seed" AS t0, "constrains" AS t1, "world" AS t2, "passes$delta0" AS t3 WHERE t1.c0 = t0.c0 AND t2.c1 = t1.c1 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t3.c2 = t1.c1 AND t3.c3 = t2.c2
-- step world_fits parity=0 reads=world_fits,constraint_next,passes distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, t0.c3, t0.c4 FROM "world_fits$delta0" AS t0, "constraint_next" AS t1, "passes" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t2.c3 = t0.c4
-- step world_fits parity=0 reads=world_fits,constraint_next,passes distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, t0.c3, t0.c4 FROM "world_fits" AS t0, "constraint_next" AS t1, "passes$delta0" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t2.c3 = t0.c4
INSERT INTO "world_fits$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t2.c0, t1.c1, t2.c2 FROM "constraint_seed" AS t0, "constrains" AS t1, "world" AS t2, "passes$delta0" AS t3 WHERE t1.c0 = t0.c0 AND t2.c1 = t1.c1 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t3.c2 = t1.c1 AND t3.c3 = t2.c2) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, t0.c3, t0.c4 FROM "world_fits$delta0" AS t0, "constraint_next" AS t1, "passes" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t2.c3 = t0.c4) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, t0.c3, t0.c4 FROM "world_fits" AS t0, "constraint_next" AS t1, "passes$delta0" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t2.c3 = t0.c4)) EXCEPT SELECT * FROM "world_fits"
-- step world_fits parity=1 reads=constraint_seed,constrains,world,passes distinct=True delta=3
SELECT t0.c0, t0.c1, t2.c0, t1.c1, t2.c2 FROM "constraint_seed" AS t0, "constrains" AS t1, "world" AS t2, "passes$delta1" AS t3 WHERE t1.c0 = t0.c0 AND t2.c1 = t1.c1 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t3.c2 = t1.c1 AND t3.c3 = t2.c2
-- step world_fits parity=1 reads=world_fits,constraint_next,passes distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2, t0.c3, t0.c4 FROM "world_fits$delta1" AS t0, "constraint_next" AS t1, "passes" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t2.c3 = t0.c4
-- step world_fits parity=1 reads=world_fits,constraint_next,passes distinct=False delta=2
SELECT t0.c0, t1.c2, t0.c2, t0.c3, t0.c4 FROM "world_fits" AS t0, "constraint_next" AS t1, "passes$delta1" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t2.c3 = t0.c4
INSERT INTO "world_fits$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t2.c0, t1.c1, t2.c2 FROM "constraint_seed" AS t0, "constrains" AS t1, "world" AS t2, "passes$delta1" AS t3 WHERE t1.c0 = t0.c0 AND t2.c1 = t1.c1 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t3.c2 = t1.c1 AND t3.c3 = t2.c2) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, t0.c3, t0.c4 FROM "world_fits$delta1" AS t0, "constraint_next" AS t1, "passes" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t2.c3 = t0.c4) UNION ALL (SELECT t0.c0, t1.c2, t0.c2, t0.c3, t0.c4 FROM "world_fits" AS t0, "constraint_next" AS t1, "passes$delta1" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c3 AND t2.c3 = t0.c4)) EXCEPT SELECT * FROM "world_fits"
-- step world_hit parity=None reads=hit,sure_constraint,constraint_dim,contested distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, t0.c4 FROM "hit" AS t0, "sure_constraint" AS t1, "constraint_dim" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2
-- step world_hit parity=None reads=hit,sure_ref,constraint_dim,contested distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, t0.c4 FROM "hit" AS t0, "sure_ref" AS t1, "constraint_dim" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2
-- step world_hit parity=None reads=hit,sure_ref,constraint_dim,contested distinct=False delta=1
SELECT t0.c0, t0.c1, t0.c2, t0.c4 FROM "hit" AS t0, "sure_ref" AS t1, "constraint_dim" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2
INSERT INTO "world_hit$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t0.c2, t0.c4 FROM "hit" AS t0, "sure_constraint" AS t1, "constraint_dim" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, t0.c4 FROM "hit" AS t0, "sure_ref" AS t1, "constraint_dim" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, t0.c4 FROM "hit" AS t0, "sure_ref" AS t1, "constraint_dim" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2)) EXCEPT SELECT * FROM "world_hit"
-- step world_hit parity=0 reads=hit,sure_constraint,constraint_dim,contested distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, t0.c4 FROM "hit$delta0" AS t0, "sure_constraint" AS t1, "constraint_dim" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2
-- step world_hit parity=0 reads=hit,sure_ref,constraint_dim,contested distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, t0.c4 FROM "hit$delta0" AS t0, "sure_ref" AS t1, "constraint_dim" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2
-- step world_hit parity=0 reads=hit,sure_ref,constraint_dim,contested distinct=False delta=1
SELECT t0.c0, t0.c1, t0.c2, t0.c4 FROM "hit" AS t0, "sure_ref$delta0" AS t1, "constraint_dim" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2
INSERT INTO "world_hit$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t0.c2, t0.c4 FROM "hit$delta0" AS t0, "sure_constraint" AS t1, "constraint_dim" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, t0.c4 FROM "hit$delta0" AS t0, "sure_ref" AS t1, "constraint_dim" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, t0.c4 FROM "hit" AS t0, "sure_ref$delta0" AS t1, "constraint_dim" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2)) EXCEPT SELECT * FROM "world_hit"
-- step world_hit parity=1 reads=hit,sure_constraint,constraint_dim,contested distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, t0.c4 FROM "hit$delta1" AS t0, "sure_constraint" AS t1, "constraint_dim" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2
-- step world_hit parity=1 reads=hit,sure_ref,constraint_dim,contested distinct=False delta=0
SELECT t0.c0, t0.c1, t0.c2, t0.c4 FROM "hit$delta1" AS t0, "sure_ref" AS t1, "constraint_dim" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2
-- step world_hit parity=1 reads=hit,sure_ref,constraint_dim,contested distinct=False delta=1
SELECT t0.c0, t0.c1, t0.c2, t0.c4 FROM "hit" AS t0, "sure_ref$delta1" AS t1, "constraint_dim" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2
INSERT INTO "world_hit$delta0" SELECT * FROM ((SELECT t0.c0, t0.c1, t0.c2, t0.c4 FROM "hit$delta1" AS t0, "sure_constraint" AS t1, "constraint_dim" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, t0.c4 FROM "hit$delta1" AS t0, "sure_ref" AS t1, "constraint_dim" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2) UNION ALL (SELECT t0.c0, t0.c1, t0.c2, t0.c4 FROM "hit" AS t0, "sure_ref$delta1" AS t1, "constraint_dim" AS t2, "contested" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t3.c0 = t0.c2 AND t3.c1 = t2.c2)) EXCEPT SELECT * FROM "world_hit"
-- stratum 17: arg_item recursive=False inputs=alias arg_name arg_ref bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base arg_item reads=arg_name,resolve_instance distinct=False delta=None
SELECT t0.c0, t0.c1, t1.c1 FROM "arg_name" AS t0, "resolve_instance" AS t1 WHERE t1.c0 = t0.c2
-- base arg_item reads=arg_ref,step_out,resolve_instance distinct=False delta=None
SELECT t0.c0, t0.c1, t2.c1 FROM "arg_ref" AS t0, "step_out" AS t1, "resolve_instance" AS t2 WHERE t1.c0 = t0.c2 AND t2.c0 = t1.c1
INSERT INTO "arg_item" (SELECT t0.c0, t0.c1, t1.c1 FROM "arg_name" AS t0, "resolve_instance" AS t1 WHERE t1.c0 = t0.c2) UNION (SELECT t0.c0, t0.c1, t2.c1 FROM "arg_ref" AS t0, "step_out" AS t1, "resolve_instance" AS t2 WHERE t1.c0 = t0.c2 AND t2.c0 = t1.c1)
-- stratum 18: compare_dim recursive=False inputs=compare_argmax compare_argmin compare_differ compare_same
-- base compare_dim reads=compare_same distinct=True delta=None
SELECT t0.c0, t0.c1 FROM "compare_same" AS t0
-- base compare_dim reads=compare_differ distinct=True delta=None
SELECT t0.c0, t0.c1 FROM "compare_differ" AS t0
-- base compare_dim reads=compare_argmax distinct=True delta=None
SELECT t0.c0, t0.c1 FROM "compare_argmax" AS t0
-- base compare_dim reads=compare_argmin distinct=True delta=None
SELECT t0.c0, t0.c1 FROM "compare_argmin" AS t0
INSERT INTO "compare_dim" (SELECT t0.c0, t0.c1 FROM "compare_same" AS t0) UNION (SELECT t0.c0, t0.c1 FROM "compare_differ" AS t0) UNION (SELECT t0.c0, t0.c1 FROM "compare_argmax" AS t0) UNION (SELECT t0.c0, t0.c1 FROM "compare_argmin" AS t0)
-- stratum 19: span_dim recursive=False inputs=compare_argmax compare_argmin compare_differ compare_minus compare_same
-- base span_dim reads=compare_minus,compare_dim distinct=False delta=None
SELECT t0.c0, t1.c1 FROM "compare_minus" AS t0, "compare_dim" AS t1 WHERE t1.c0 = t0.c0
-- base span_dim reads=compare_minus distinct=True delta=None
SELECT t0.c0, t0.c1 FROM "compare_minus" AS t0
INSERT INTO "span_dim" (SELECT t0.c0, t1.c1 FROM "compare_minus" AS t0, "compare_dim" AS t1 WHERE t1.c0 = t0.c0) UNION (SELECT t0.c0, t0.c1 FROM "compare_minus" AS t0)
-- stratum 20: two_values recursive=False inputs=alias arg_name arg_ref bounds compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base two_values reads=span_dim,arg_item,coord,coord distinct=False delta=None
SELECT t0.c0, t1.c1, t1.c2, t0.c1, t2.c2, t3.c2 FROM "span_dim" AS t0, "arg_item" AS t1, "coord" AS t2, "coord" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t1.c2 AND t2.c1 = t0.c1 AND t3.c0 = t1.c2 AND t3.c1 = t0.c1 AND t2.c2 < t3.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t0.c1)
INSERT INTO "two_values" SELECT DISTINCT t0.c0, t1.c1, t1.c2, t0.c1, t2.c2, t3.c2 FROM "span_dim" AS t0, "arg_item" AS t1, "coord" AS t2, "coord" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t1.c2 AND t2.c1 = t0.c1 AND t3.c0 = t1.c2 AND t3.c1 = t0.c1 AND t2.c2 < t3.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t0.c1)
-- stratum 21: arg_ambiguous recursive=False inputs=alias arg_name arg_ref bounds compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base arg_ambiguous reads=two_values distinct=False delta=None
SELECT t0.c0, t0.c1 FROM "two_values" AS t0
INSERT INTO "arg_ambiguous" SELECT DISTINCT t0.c0, t0.c1 FROM "two_values" AS t0
-- stratum 22: compare_derived recursive=False inputs=compare_minus
-- base compare_derived reads=compare_minus distinct=False delta=None
SELECT t0.c0 FROM "compare_minus" AS t0
INSERT INTO "compare_derived" SELECT DISTINCT t0.c0 FROM "compare_minus" AS t0
-- stratum 23: span_ambiguous recursive=False inputs=alias arg_name arg_ref bounds compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base span_ambiguous reads=two_values distinct=False delta=None
SELECT t0.c0, t0.c2 FROM "two_values" AS t0
INSERT INTO "span_ambiguous" SELECT DISTINCT t0.c0, t0.c2 FROM "two_values" AS t0
-- stratum 24: span_of recursive=False inputs=alias arg_name arg_ref bounds compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base span_of reads=compare_minus,compare_dim,arg_item,coord,magnitude,coord,magnitude distinct=False delta=None
SELECT t0.c0, t2.c1, t2.c2, t3.c2, t3.c3, t5.c2, t5.c3, (t4.c2 - t6.c3), (t4.c3 - t6.c2) FROM "compare_minus" AS t0, "compare_dim" AS t1, "arg_item" AS t2, "coord" AS t3, "magnitude" AS t4, "coord" AS t5, "magnitude" AS t6 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1 AND t4.c0 = t1.c1 AND t4.c1 = t3.c2 AND t5.c0 = t2.c2 AND t5.c1 = t0.c1 AND t6.c0 = t0.c1 AND t6.c1 = t5.c2 AND NOT EXISTS (SELECT 1 FROM "span_ambiguous" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t2.c2)
INSERT INTO "span_of" SELECT DISTINCT t0.c0, t2.c1, t2.c2, t3.c2, t3.c3, t5.c2, t5.c3, (t4.c2 - t6.c3), (t4.c3 - t6.c2) FROM "compare_minus" AS t0, "compare_dim" AS t1, "arg_item" AS t2, "coord" AS t3, "magnitude" AS t4, "coord" AS t5, "magnitude" AS t6 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1 AND t4.c0 = t1.c1 AND t4.c1 = t3.c2 AND t5.c0 = t2.c2 AND t5.c1 = t0.c1 AND t6.c0 = t0.c1 AND t6.c1 = t5.c2 AND NOT EXISTS (SELECT 1 FROM "span_ambiguous" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t2.c2)
-- stratum 25: arg_value recursive=False inputs=alias arg_name arg_ref bounds compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base arg_value reads=compare_dim,arg_item,coord distinct=False delta=None
SELECT t0.c0, t1.c1, t1.c2, t2.c2, t2.c3 FROM "compare_dim" AS t0, "arg_item" AS t1, "coord" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t1.c2 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "compare_derived" AS n1 WHERE n1.c0 = t0.c0)
-- base arg_value reads=span_of distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c2, t0.c2, t0.c4 FROM "span_of" AS t0
INSERT INTO "arg_value" (SELECT t0.c0, t1.c1, t1.c2, t2.c2, t2.c3 FROM "compare_dim" AS t0, "arg_item" AS t1, "coord" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t1.c2 AND t2.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "compare_derived" AS n1 WHERE n1.c0 = t0.c0)) UNION (SELECT t0.c0, t0.c1, t0.c2, t0.c2, t0.c4 FROM "span_of" AS t0)
-- stratum 26: arg_holds recursive=False inputs=alias arg_name arg_ref bounds compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base arg_holds reads=arg_value distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c3 FROM "arg_value" AS t0
INSERT INTO "arg_holds" SELECT DISTINCT t0.c0, t0.c1, t0.c3 FROM "arg_value" AS t0
-- stratum 27: arg_has_value recursive=False inputs=alias arg_name arg_ref bounds compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base arg_has_value reads=arg_holds distinct=False delta=None
SELECT t0.c0, t0.c1 FROM "arg_holds" AS t0
INSERT INTO "arg_has_value" SELECT DISTINCT t0.c0, t0.c1 FROM "arg_holds" AS t0
-- stratum 28: arg_missing recursive=False inputs=alias arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base arg_missing reads=compare_dim,compare_arg distinct=False delta=None
SELECT t0.c0, t1.c1 FROM "compare_dim" AS t0, "compare_arg" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "arg_has_value" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1) AND NOT EXISTS (SELECT 1 FROM "arg_ambiguous" AS n2 WHERE n2.c0 = t0.c0 AND n2.c1 = t1.c1)
INSERT INTO "arg_missing" SELECT DISTINCT t0.c0, t1.c1 FROM "compare_dim" AS t0, "compare_arg" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "arg_has_value" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1) AND NOT EXISTS (SELECT 1 FROM "arg_ambiguous" AS n2 WHERE n2.c0 = t0.c0 AND n2.c1 = t1.c1)
-- stratum 29: compare_boolean recursive=False inputs=compare_differ compare_same
-- base compare_boolean reads=compare_same distinct=False delta=None
SELECT t0.c0 FROM "compare_same" AS t0
-- base compare_boolean reads=compare_differ distinct=False delta=None
SELECT t0.c0 FROM "compare_differ" AS t0
INSERT INTO "compare_boolean" (SELECT t0.c0 FROM "compare_same" AS t0) UNION (SELECT t0.c0 FROM "compare_differ" AS t0)
-- stratum 30: boolean_value recursive=False inputs=alias arg_name arg_ref bounds compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base boolean_value reads=compare_boolean,compare_dim,arg_holds distinct=False delta=None
SELECT t0.c0, t1.c1, t2.c2 FROM "compare_boolean" AS t0, "compare_dim" AS t1, "arg_holds" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0
INSERT INTO "boolean_value" SELECT DISTINCT t0.c0, t1.c1, t2.c2 FROM "compare_boolean" AS t0, "compare_dim" AS t1, "arg_holds" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0
-- stratum 31: has_class recursive=False inputs=canonical
-- base has_class reads=canonical distinct=False delta=None
SELECT t0.c0, t0.c1 FROM "canonical" AS t0
INSERT INTO "has_class" SELECT DISTINCT t0.c0, t0.c1 FROM "canonical" AS t0
-- stratum 32: value_class recursive=False inputs=alias arg_name arg_ref bounds canonical compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base value_class reads=boolean_value,canonical distinct=False delta=None
SELECT t0.c0, t0.c2, t1.c2 FROM "boolean_value" AS t0, "canonical" AS t1 WHERE t1.c0 = t0.c1 AND t1.c1 = t0.c2
-- base value_class reads=boolean_value distinct=False delta=None
SELECT t0.c0, t0.c2, t0.c2 FROM "boolean_value" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "has_class" AS n1 WHERE n1.c0 = t0.c1 AND n1.c1 = t0.c2)
INSERT INTO "value_class" (SELECT t0.c0, t0.c2, t1.c2 FROM "boolean_value" AS t0, "canonical" AS t1 WHERE t1.c0 = t0.c1 AND t1.c1 = t0.c2) UNION (SELECT t0.c0, t0.c2, t0.c2 FROM "boolean_value" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "has_class" AS n1 WHERE n1.c0 = t0.c1 AND n1.c1 = t0.c2))
-- stratum 33: arg_class recursive=False inputs=alias arg_name arg_ref bounds canonical compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base arg_class reads=arg_holds,value_class distinct=False delta=None
SELECT t0.c0, t0.c1, t1.c2 FROM "arg_holds" AS t0, "value_class" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c2
INSERT INTO "arg_class" SELECT DISTINCT t0.c0, t0.c1, t1.c2 FROM "arg_holds" AS t0, "value_class" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c2
-- stratum 34: lacks_value recursive=False inputs=alias arg_name arg_ref bounds canonical compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base lacks_value reads=compare_boolean,arg_class,compare_arg distinct=False delta=None
SELECT t0.c0, t1.c2 FROM "compare_boolean" AS t0, "arg_class" AS t1, "compare_arg" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "arg_class" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t2.c1 AND n1.c2 = t1.c2)
INSERT INTO "lacks_value" SELECT DISTINCT t0.c0, t1.c2 FROM "compare_boolean" AS t0, "arg_class" AS t1, "compare_arg" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "arg_class" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t2.c1 AND n1.c2 = t1.c2)
-- stratum 35: common_value recursive=False inputs=alias arg_name arg_ref bounds canonical compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base common_value reads=compare_boolean,arg_class distinct=False delta=None
SELECT t0.c0, t1.c2 FROM "compare_boolean" AS t0, "arg_class" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "lacks_value" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c2)
INSERT INTO "common_value" SELECT DISTINCT t0.c0, t1.c2 FROM "compare_boolean" AS t0, "arg_class" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "lacks_value" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c2)
-- stratum 36: shares recursive=False inputs=alias arg_name arg_ref bounds canonical compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base shares reads=common_value distinct=False delta=None
SELECT t0.c0 FROM "common_value" AS t0
INSERT INTO "shares" SELECT DISTINCT t0.c0 FROM "common_value" AS t0
-- stratum 37: arg_item_sure recursive=False inputs=alias arg_name arg_ref bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base arg_item_sure reads=arg_name,resolve_instance distinct=False delta=None
SELECT t0.c0, t0.c1, t1.c1 FROM "arg_name" AS t0, "resolve_instance" AS t1 WHERE t1.c0 = t0.c2
-- base arg_item_sure reads=arg_ref,step_sure,resolve_instance distinct=False delta=None
SELECT t0.c0, t0.c1, t2.c1 FROM "arg_ref" AS t0, "step_sure" AS t1, "resolve_instance" AS t2 WHERE t1.c0 = t0.c2 AND t2.c0 = t1.c1
INSERT INTO "arg_item_sure" (SELECT t0.c0, t0.c1, t1.c1 FROM "arg_name" AS t0, "resolve_instance" AS t1 WHERE t1.c0 = t0.c2) UNION (SELECT t0.c0, t0.c1, t2.c1 FROM "arg_ref" AS t0, "step_sure" AS t1, "resolve_instance" AS t2 WHERE t1.c0 = t0.c2 AND t2.c0 = t1.c1)
-- stratum 38: arg_sure_value recursive=False inputs=alias arg_name arg_ref bounds canonical compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base arg_sure_value reads=compare_boolean,compare_dim,arg_item_sure,coord,value_class distinct=False delta=None
SELECT t0.c0, t2.c1, t4.c2 FROM "compare_boolean" AS t0, "compare_dim" AS t1, "arg_item_sure" AS t2, "coord" AS t3, "value_class" AS t4 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1 AND t4.c0 = t0.c0 AND t4.c1 = t3.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t2.c2 AND n1.c1 = t1.c1)
INSERT INTO "arg_sure_value" SELECT DISTINCT t0.c0, t2.c1, t4.c2 FROM "compare_boolean" AS t0, "compare_dim" AS t1, "arg_item_sure" AS t2, "coord" AS t3, "value_class" AS t4 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1 AND t4.c0 = t0.c0 AND t4.c1 = t3.c2 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t2.c2 AND n1.c1 = t1.c1)
-- stratum 39: lacks_sure recursive=False inputs=alias arg_name arg_ref bounds canonical compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base lacks_sure reads=arg_sure_value,compare_arg distinct=False delta=None
SELECT t0.c0, t0.c2 FROM "arg_sure_value" AS t0, "compare_arg" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "arg_sure_value" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1 AND n1.c2 = t0.c2)
INSERT INTO "lacks_sure" SELECT DISTINCT t0.c0, t0.c2 FROM "arg_sure_value" AS t0, "compare_arg" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "arg_sure_value" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1 AND n1.c2 = t0.c2)
-- stratum 40: common_sure recursive=False inputs=alias arg_name arg_ref bounds canonical compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base common_sure reads=arg_sure_value distinct=False delta=None
SELECT t0.c0, t0.c2 FROM "arg_sure_value" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "lacks_sure" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c2)
INSERT INTO "common_sure" SELECT DISTINCT t0.c0, t0.c2 FROM "arg_sure_value" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "lacks_sure" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c2)
-- stratum 41: shares_sure recursive=False inputs=alias arg_name arg_ref bounds canonical compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base shares_sure reads=common_sure distinct=False delta=None
SELECT t0.c0 FROM "common_sure" AS t0
INSERT INTO "shares_sure" SELECT DISTINCT t0.c0 FROM "common_sure" AS t0
-- stratum 42: arg_certain recursive=False inputs=alias arg_name arg_ref bounds compare_argmax compare_argmin compare_differ compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base arg_certain reads=compare_boolean,compare_dim,arg_item_sure,coord distinct=False delta=None
SELECT t0.c0, t2.c1 FROM "compare_boolean" AS t0, "compare_dim" AS t1, "arg_item_sure" AS t2, "coord" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1
INSERT INTO "arg_certain" SELECT DISTINCT t0.c0, t2.c1 FROM "compare_boolean" AS t0, "compare_dim" AS t1, "arg_item_sure" AS t2, "coord" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t3.c0 = t2.c2 AND t3.c1 = t1.c1
-- stratum 43: some_arg_uncertain recursive=False inputs=alias arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base some_arg_uncertain reads=compare_boolean,compare_arg,arg_has_value distinct=False delta=None
SELECT t0.c0 FROM "compare_boolean" AS t0, "compare_arg" AS t1, "arg_has_value" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t1.c1 AND NOT EXISTS (SELECT 1 FROM "arg_certain" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1)
INSERT INTO "some_arg_uncertain" SELECT DISTINCT t0.c0 FROM "compare_boolean" AS t0, "compare_arg" AS t1, "arg_has_value" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t1.c1 AND NOT EXISTS (SELECT 1 FROM "arg_certain" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1)
-- stratum 44: boolean_doubt recursive=False inputs=alias arg_name arg_ref bounds canonical compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base boolean_doubt reads=shares distinct=True delta=None
SELECT t0.c0 FROM "shares" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "shares_sure" AS n1 WHERE n1.c0 = t0.c0)
-- base boolean_doubt reads=compare_boolean,some_arg_uncertain distinct=True delta=None
SELECT t0.c0 FROM "compare_boolean" AS t0, "some_arg_uncertain" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "shares" AS n1 WHERE n1.c0 = t0.c0)
INSERT INTO "boolean_doubt" (SELECT t0.c0 FROM "shares" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "shares_sure" AS n1 WHERE n1.c0 = t0.c0)) UNION (SELECT t0.c0 FROM "compare_boolean" AS t0, "some_arg_uncertain" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "shares" AS n1 WHERE n1.c0 = t0.c0))
-- stratum 45: admits_some recursive=False inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base admits_some reads=admits distinct=False delta=None
SELECT t0.c0, t0.c1 FROM "admits" AS t0
INSERT INTO "admits_some" SELECT DISTINCT t0.c0, t0.c1 FROM "admits" AS t0
-- stratum 46: lower_bound_shared recursive=False inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base lower_bound_shared reads=constraint_dim,functional,constraint_dim,admits,admits distinct=False delta=None
SELECT t0.c0, t0.c1, t2.c1 FROM "constraint_dim" AS t0, "functional" AS t1, "constraint_dim" AS t2, "admits" AS t3, "admits" AS t4 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t4.c0 = t0.c0 AND t4.c1 = t2.c1 AND t4.c3 = t3.c3 AND t0.c1 < t2.c1
INSERT INTO "lower_bound_shared" SELECT DISTINCT t0.c0, t0.c1, t2.c1 FROM "constraint_dim" AS t0, "functional" AS t1, "constraint_dim" AS t2, "admits" AS t3, "admits" AS t4 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t4.c0 = t0.c0 AND t4.c1 = t2.c1 AND t4.c3 = t3.c3 AND t0.c1 < t2.c1
-- stratum 47: conflict recursive=False inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base conflict reads=constraint_dim,functional,constraint_dim,admits_some,admits_some distinct=True delta=None
SELECT t0.c0, t0.c2, t0.c1, t2.c1 FROM "constraint_dim" AS t0, "functional" AS t1, "constraint_dim" AS t2, "admits_some" AS t3, "admits_some" AS t4 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t4.c0 = t0.c0 AND t4.c1 = t2.c1 AND t0.c1 < t2.c1 AND NOT EXISTS (SELECT 1 FROM "lower_bound_shared" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t2.c1)
INSERT INTO "conflict" SELECT t0.c0, t0.c2, t0.c1, t2.c1 FROM "constraint_dim" AS t0, "functional" AS t1, "constraint_dim" AS t2, "admits_some" AS t3, "admits_some" AS t4 WHERE t1.c0 = t0.c2 AND t2.c0 = t0.c0 AND t2.c2 = t0.c2 AND t3.c0 = t0.c0 AND t3.c1 = t0.c1 AND t4.c0 = t0.c0 AND t4.c1 = t2.c1 AND t0.c1 < t2.c1 AND NOT EXISTS (SELECT 1 FROM "lower_bound_shared" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t2.c1)
-- stratum 48: step_nonempty recursive=False inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base step_nonempty reads=step_out distinct=False delta=None
SELECT t0.c0 FROM "step_out" AS t0
INSERT INTO "step_nonempty" SELECT DISTINCT t0.c0 FROM "step_out" AS t0
-- stratum 49: empty_step recursive=False inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base empty_step reads=step_meet distinct=False delta=None
SELECT t0.c0 FROM "step_meet" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "step_nonempty" AS n1 WHERE n1.c0 = t0.c0)
INSERT INTO "empty_step" SELECT DISTINCT t0.c0 FROM "step_meet" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "step_nonempty" AS n1 WHERE n1.c0 = t0.c0)
-- stratum 50: compare_reads recursive=False inputs=compare_argmax compare_argmin compare_differ compare_minus compare_same
-- base compare_reads reads=compare_dim distinct=True delta=None
SELECT t0.c0, t0.c1 FROM "compare_dim" AS t0
-- base compare_reads reads=compare_minus distinct=True delta=None
SELECT t0.c0, t0.c1 FROM "compare_minus" AS t0
INSERT INTO "compare_reads" (SELECT t0.c0, t0.c1 FROM "compare_dim" AS t0) UNION (SELECT t0.c0, t0.c1 FROM "compare_minus" AS t0)
-- stratum 51: item_doubt recursive=False inputs=alias arg_name arg_ref bounds compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base item_doubt reads=arg_item distinct=False delta=None
SELECT t0.c0, t0.c2 FROM "arg_item" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "arg_item_sure" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2)
-- base item_doubt reads=arg_item,compare_reads,contested distinct=False delta=None
SELECT t0.c0, t0.c2 FROM "arg_item" AS t0, "compare_reads" AS t1, "contested" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c2 AND t2.c1 = t1.c1
INSERT INTO "item_doubt" (SELECT t0.c0, t0.c2 FROM "arg_item" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "arg_item_sure" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2)) UNION (SELECT t0.c0, t0.c2 FROM "arg_item" AS t0, "compare_reads" AS t1, "contested" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c2 AND t2.c1 = t1.c1)
-- stratum 52: compare_doubt recursive=False inputs=alias arg_name arg_ref bounds compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base compare_doubt reads=item_doubt distinct=False delta=None
SELECT t0.c0 FROM "item_doubt" AS t0
INSERT INTO "compare_doubt" SELECT DISTINCT t0.c0 FROM "item_doubt" AS t0
-- stratum 53: compare_extremum recursive=False inputs=compare_argmax compare_argmin
-- base compare_extremum reads=compare_argmax distinct=False delta=None
SELECT t0.c0 FROM "compare_argmax" AS t0
-- base compare_extremum reads=compare_argmin distinct=False delta=None
SELECT t0.c0 FROM "compare_argmin" AS t0
INSERT INTO "compare_extremum" (SELECT t0.c0 FROM "compare_argmax" AS t0) UNION (SELECT t0.c0 FROM "compare_argmin" AS t0)
-- stratum 54: candidate recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base candidate reads=compare_extremum,compare_arg distinct=True delta=None
SELECT t0.c0, t1.c1, t1.c2 FROM "compare_extremum" AS t0, "compare_arg" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "arg_answers_items" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1)
-- base candidate reads=compare_extremum,arg_answers_items,arg_item distinct=True delta=None
SELECT t0.c0, t1.c1, t2.c2 FROM "compare_extremum" AS t0, "arg_answers_items" AS t1, "arg_item" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t1.c1
INSERT INTO "candidate" (SELECT t0.c0, t1.c1, t1.c2 FROM "compare_extremum" AS t0, "compare_arg" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "arg_answers_items" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1)) UNION (SELECT t0.c0, t1.c1, t2.c2 FROM "compare_extremum" AS t0, "arg_answers_items" AS t1, "arg_item" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t1.c1)
-- stratum 55: floor_item recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base floor_item reads=compare_doubt,candidate,arg_item_sure distinct=True delta=None
SELECT t0.c0, t1.c1, t1.c2, t2.c2 FROM "compare_doubt" AS t0, "candidate" AS t1, "arg_item_sure" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t1.c1 AND NOT EXISTS (SELECT 1 FROM "arg_answers_items" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1)
-- base floor_item reads=compare_doubt,candidate,arg_answers_items,arg_item_sure distinct=True delta=None
SELECT t0.c0, t1.c1, t1.c2, t1.c2 FROM "compare_doubt" AS t0, "candidate" AS t1, "arg_answers_items" AS t2, "arg_item_sure" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t1.c1 AND t3.c0 = t0.c0 AND t3.c1 = t1.c1 AND t3.c2 = t1.c2
INSERT INTO "floor_item" (SELECT t0.c0, t1.c1, t1.c2, t2.c2 FROM "compare_doubt" AS t0, "candidate" AS t1, "arg_item_sure" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t1.c1 AND NOT EXISTS (SELECT 1 FROM "arg_answers_items" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1)) UNION (SELECT t0.c0, t1.c1, t1.c2, t1.c2 FROM "compare_doubt" AS t0, "candidate" AS t1, "arg_answers_items" AS t2, "arg_item_sure" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t1.c1 AND t3.c0 = t0.c0 AND t3.c1 = t1.c1 AND t3.c2 = t1.c2)
-- stratum 56: span recursive=False inputs=alias arg_name arg_ref bounds compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base span reads=span_of distinct=False delta=None
SELECT t0.c0, t0.c2, t0.c7, t0.c8 FROM "span_of" AS t0
INSERT INTO "span" SELECT DISTINCT t0.c0, t0.c2, t0.c7, t0.c8 FROM "span_of" AS t0
-- stratum 57: has_floor recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base has_floor reads=floor_item,compare_dim,coord distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "floor_item" AS t0, "compare_dim" AS t1, "coord" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c3 AND t2.c1 = t1.c1 AND NOT EXISTS (SELECT 1 FROM "compare_derived" AS n1 WHERE n1.c0 = t0.c0)
-- base has_floor reads=floor_item,compare_derived,span distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "floor_item" AS t0, "compare_derived" AS t1, "span" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t0.c3
INSERT INTO "has_floor" (SELECT t0.c0, t0.c1, t0.c2 FROM "floor_item" AS t0, "compare_dim" AS t1, "coord" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c3 AND t2.c1 = t1.c1 AND NOT EXISTS (SELECT 1 FROM "compare_derived" AS n1 WHERE n1.c0 = t0.c0)) UNION (SELECT t0.c0, t0.c1, t0.c2 FROM "floor_item" AS t0, "compare_derived" AS t1, "span" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t0.c3)
-- stratum 58: candidate_value recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base candidate_value reads=candidate,arg_holds distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2, t1.c2 FROM "candidate" AS t0, "arg_holds" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "arg_answers_items" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1)
-- base candidate_value reads=candidate,arg_answers_items,arg_value distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "candidate" AS t0, "arg_answers_items" AS t1, "arg_value" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t2.c2 = t0.c2
INSERT INTO "candidate_value" (SELECT t0.c0, t0.c1, t0.c2, t1.c2 FROM "candidate" AS t0, "arg_holds" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "arg_answers_items" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1)) UNION (SELECT t0.c0, t0.c1, t0.c2, t2.c3 FROM "candidate" AS t0, "arg_answers_items" AS t1, "arg_value" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c1 AND t2.c2 = t0.c2)
-- stratum 59: compare_value recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base compare_value reads=candidate_value distinct=False delta=None
SELECT t0.c0, t0.c3 FROM "candidate_value" AS t0
INSERT INTO "compare_value" SELECT DISTINCT t0.c0, t0.c3 FROM "candidate_value" AS t0
-- stratum 60: precedes recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period step_meet subsumes synonym
-- base precedes reads=compare_dim,ordered,compare_value,compare_value,bounds,bounds distinct=False delta=None
SELECT t0.c0, t2.c1, t3.c1 FROM "compare_dim" AS t0, "ordered" AS t1, "compare_value" AS t2, "compare_value" AS t3, "bounds" AS t4, "bounds" AS t5 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c0 AND t3.c0 = t0.c0 AND t4.c0 = t0.c1 AND t4.c1 = t2.c1 AND t5.c0 = t0.c1 AND t5.c1 = t3.c1 AND NOT EXISTS (SELECT 1 FROM "compare_derived" AS n1 WHERE n1.c0 = t0.c0) AND t4.c3 < t5.c2
-- base precedes reads=compare_dim,compare_value,compare_value,desc distinct=False delta=None
SELECT t0.c0, t1.c1, t2.c1 FROM "compare_dim" AS t0, "compare_value" AS t1, "compare_value" AS t2, "desc" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t3.c0 = t0.c1 AND t3.c1 = t1.c1 AND t3.c2 = t2.c1 AND NOT EXISTS (SELECT 1 FROM "ordered" AS n1 WHERE n1.c0 = t0.c1) AND NOT EXISTS (SELECT 1 FROM "compare_derived" AS n2 WHERE n2.c0 = t0.c0) AND t1.c1 <> t2.c1
-- base precedes reads=compare_derived,compare_value,compare_value,span,span distinct=False delta=None
SELECT t0.c0, t1.c1, t2.c1 FROM "compare_derived" AS t0, "compare_value" AS t1, "compare_value" AS t2, "span" AS t3, "span" AS t4 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t3.c0 = t0.c0 AND t3.c1 = t1.c1 AND t4.c0 = t0.c0 AND t4.c1 = t2.c1 AND t1.c1 <> t2.c1 AND t3.c3 < t4.c2
INSERT INTO "precedes" (SELECT t0.c0, t2.c1, t3.c1 FROM "compare_dim" AS t0, "ordered" AS t1, "compare_value" AS t2, "compare_value" AS t3, "bounds" AS t4, "bounds" AS t5 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c0 AND t3.c0 = t0.c0 AND t4.c0 = t0.c1 AND t4.c1 = t2.c1 AND t5.c0 = t0.c1 AND t5.c1 = t3.c1 AND NOT EXISTS (SELECT 1 FROM "compare_derived" AS n1 WHERE n1.c0 = t0.c0) AND t4.c3 < t5.c2) UNION (SELECT t0.c0, t1.c1, t2.c1 FROM "compare_dim" AS t0, "compare_value" AS t1, "compare_value" AS t2, "desc" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t3.c0 = t0.c1 AND t3.c1 = t1.c1 AND t3.c2 = t2.c1 AND NOT EXISTS (SELECT 1 FROM "ordered" AS n1 WHERE n1.c0 = t0.c1) AND NOT EXISTS (SELECT 1 FROM "compare_derived" AS n2 WHERE n2.c0 = t0.c0) AND t1.c1 <> t2.c1) UNION (SELECT t0.c0, t1.c1, t2.c1 FROM "compare_derived" AS t0, "compare_value" AS t1, "compare_value" AS t2, "span" AS t3, "span" AS t4 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t3.c0 = t0.c0 AND t3.c1 = t1.c1 AND t4.c0 = t0.c0 AND t4.c1 = t2.c1 AND t1.c1 <> t2.c1 AND t3.c3 < t4.c2)
-- stratum 61: loses_to recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period step_meet subsumes synonym
-- base loses_to reads=compare_argmax,precedes distinct=False delta=None
SELECT t0.c0, t1.c1, t1.c2 FROM "compare_argmax" AS t0, "precedes" AS t1 WHERE t1.c0 = t0.c0
-- base loses_to reads=compare_argmin,precedes distinct=False delta=None
SELECT t0.c0, t1.c2, t1.c1 FROM "compare_argmin" AS t0, "precedes" AS t1 WHERE t1.c0 = t0.c0
INSERT INTO "loses_to" (SELECT t0.c0, t1.c1, t1.c2 FROM "compare_argmax" AS t0, "precedes" AS t1 WHERE t1.c0 = t0.c0) UNION (SELECT t0.c0, t1.c2, t1.c1 FROM "compare_argmin" AS t0, "precedes" AS t1 WHERE t1.c0 = t0.c0)
-- stratum 62: span_short recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base span_short reads=floor_item,compare_argmax,span,span distinct=False delta=None
SELECT t0.c0, t0.c3, t3.c1 FROM "floor_item" AS t0, "compare_argmax" AS t1, "span" AS t2, "span" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t0.c3 AND t3.c0 = t0.c0 AND t3.c3 >= t2.c2
-- base span_short reads=floor_item,compare_argmin,span,span distinct=False delta=None
SELECT t0.c0, t0.c3, t3.c1 FROM "floor_item" AS t0, "compare_argmin" AS t1, "span" AS t2, "span" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t0.c3 AND t3.c0 = t0.c0 AND t3.c2 <= t2.c3
INSERT INTO "span_short" (SELECT t0.c0, t0.c3, t3.c1 FROM "floor_item" AS t0, "compare_argmax" AS t1, "span" AS t2, "span" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t0.c3 AND t3.c0 = t0.c0 AND t3.c3 >= t2.c2) UNION (SELECT t0.c0, t0.c3, t3.c1 FROM "floor_item" AS t0, "compare_argmin" AS t1, "span" AS t2, "span" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t0.c3 AND t3.c0 = t0.c0 AND t3.c2 <= t2.c3)
-- stratum 63: world_short recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period step_meet subsumes synonym
-- base world_short reads=floor_item,compare_dim,contested,coord,compare_value distinct=False delta=None
SELECT t0.c0, t0.c3, t4.c1 FROM "floor_item" AS t0, "compare_dim" AS t1, "contested" AS t2, "coord" AS t3, "compare_value" AS t4 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c3 AND t2.c1 = t1.c1 AND t3.c0 = t0.c3 AND t3.c1 = t1.c1 AND t4.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "compare_derived" AS n1 WHERE n1.c0 = t0.c0) AND NOT EXISTS (SELECT 1 FROM "loses_to" AS n2 WHERE n2.c0 = t0.c0 AND n2.c1 = t4.c1 AND n2.c2 = t3.c2)
INSERT INTO "world_short" SELECT DISTINCT t0.c0, t0.c3, t4.c1 FROM "floor_item" AS t0, "compare_dim" AS t1, "contested" AS t2, "coord" AS t3, "compare_value" AS t4 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c3 AND t2.c1 = t1.c1 AND t3.c0 = t0.c3 AND t3.c1 = t1.c1 AND t4.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "compare_derived" AS n1 WHERE n1.c0 = t0.c0) AND NOT EXISTS (SELECT 1 FROM "loses_to" AS n2 WHERE n2.c0 = t0.c0 AND n2.c1 = t4.c1 AND n2.c2 = t3.c2)
-- stratum 64: item_beats recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period step_meet subsumes synonym
-- base item_beats reads=floor_item,compare_dim,coord,loses_to distinct=False delta=None
SELECT t0.c0, t0.c3, t3.c1 FROM "floor_item" AS t0, "compare_dim" AS t1, "coord" AS t2, "loses_to" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c3 AND t2.c1 = t1.c1 AND t3.c0 = t0.c0 AND t3.c2 = t2.c2 AND NOT EXISTS (SELECT 1 FROM "compare_derived" AS n1 WHERE n1.c0 = t0.c0) AND NOT EXISTS (SELECT 1 FROM "contested" AS n2 WHERE n2.c0 = t0.c3 AND n2.c1 = t1.c1)
-- base item_beats reads=floor_item,compare_dim,contested,compare_value distinct=False delta=None
SELECT t0.c0, t0.c3, t3.c1 FROM "floor_item" AS t0, "compare_dim" AS t1, "contested" AS t2, "compare_value" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c3 AND t2.c1 = t1.c1 AND t3.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "compare_derived" AS n1 WHERE n1.c0 = t0.c0) AND NOT EXISTS (SELECT 1 FROM "world_short" AS n2 WHERE n2.c0 = t0.c0 AND n2.c1 = t0.c3 AND n2.c2 = t3.c1)
-- base item_beats reads=floor_item,compare_derived,span,compare_value distinct=False delta=None
SELECT t0.c0, t0.c3, t3.c1 FROM "floor_item" AS t0, "compare_derived" AS t1, "span" AS t2, "compare_value" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t0.c3 AND t3.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "span_short" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c3 AND n1.c2 = t3.c1)
INSERT INTO "item_beats" (SELECT t0.c0, t0.c3, t3.c1 FROM "floor_item" AS t0, "compare_dim" AS t1, "coord" AS t2, "loses_to" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c3 AND t2.c1 = t1.c1 AND t3.c0 = t0.c0 AND t3.c2 = t2.c2 AND NOT EXISTS (SELECT 1 FROM "compare_derived" AS n1 WHERE n1.c0 = t0.c0) AND NOT EXISTS (SELECT 1 FROM "contested" AS n2 WHERE n2.c0 = t0.c3 AND n2.c1 = t1.c1)) UNION (SELECT t0.c0, t0.c3, t3.c1 FROM "floor_item" AS t0, "compare_dim" AS t1, "contested" AS t2, "compare_value" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c3 AND t2.c1 = t1.c1 AND t3.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "compare_derived" AS n1 WHERE n1.c0 = t0.c0) AND NOT EXISTS (SELECT 1 FROM "world_short" AS n2 WHERE n2.c0 = t0.c0 AND n2.c1 = t0.c3 AND n2.c2 = t3.c1)) UNION (SELECT t0.c0, t0.c3, t3.c1 FROM "floor_item" AS t0, "compare_derived" AS t1, "span" AS t2, "compare_value" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t0.c3 AND t3.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "span_short" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c3 AND n1.c2 = t3.c1))
-- stratum 65: floor_beats recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period step_meet subsumes synonym
-- base floor_beats reads=floor_item,item_beats distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c2, t1.c2 FROM "floor_item" AS t0, "item_beats" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c3
INSERT INTO "floor_beats" SELECT DISTINCT t0.c0, t0.c1, t0.c2, t1.c2 FROM "floor_item" AS t0, "item_beats" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c3
-- stratum 66: outdone_within recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period step_meet subsumes synonym
-- base outdone_within reads=candidate_value,candidate_value,loses_to distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c2, t0.c3 FROM "candidate_value" AS t0, "candidate_value" AS t1, "loses_to" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c3 AND t2.c2 = t1.c3
INSERT INTO "outdone_within" SELECT DISTINCT t0.c0, t0.c1, t0.c2, t0.c3 FROM "candidate_value" AS t0, "candidate_value" AS t1, "loses_to" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t0.c3 AND t2.c2 = t1.c3
-- stratum 67: best_value recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period step_meet subsumes synonym
-- base best_value reads=candidate_value distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2, t0.c3 FROM "candidate_value" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "outdone_within" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2 AND n1.c3 = t0.c3)
INSERT INTO "best_value" SELECT t0.c0, t0.c1, t0.c2, t0.c3 FROM "candidate_value" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "outdone_within" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2 AND n1.c3 = t0.c3)
-- stratum 68: candidate_in_doubt recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base candidate_in_doubt reads=candidate,arg_item,item_doubt distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "candidate" AS t0, "arg_item" AS t1, "item_doubt" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "arg_answers_items" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1)
-- base candidate_in_doubt reads=candidate,arg_answers_items,item_doubt distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "candidate" AS t0, "arg_answers_items" AS t1, "item_doubt" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c2
INSERT INTO "candidate_in_doubt" (SELECT t0.c0, t0.c1, t0.c2 FROM "candidate" AS t0, "arg_item" AS t1, "item_doubt" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "arg_answers_items" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1)) UNION (SELECT t0.c0, t0.c1, t0.c2 FROM "candidate" AS t0, "arg_answers_items" AS t1, "item_doubt" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t0.c2)
-- stratum 69: solid_tie recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period step_meet subsumes synonym
-- base solid_tie reads=compare_doubt,best_value,best_value distinct=False delta=None
SELECT t0.c0, t1.c1, t1.c2, t2.c1, t2.c2 FROM "compare_doubt" AS t0, "best_value" AS t1, "best_value" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c3 = t1.c3 AND NOT EXISTS (SELECT 1 FROM "candidate_in_doubt" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1 AND n1.c2 = t1.c2) AND NOT EXISTS (SELECT 1 FROM "candidate_in_doubt" AS n2 WHERE n2.c0 = t0.c0 AND n2.c1 = t2.c1 AND n2.c2 = t2.c2)
INSERT INTO "solid_tie" SELECT DISTINCT t0.c0, t1.c1, t1.c2, t2.c1, t2.c2 FROM "compare_doubt" AS t0, "best_value" AS t1, "best_value" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c3 = t1.c3 AND NOT EXISTS (SELECT 1 FROM "candidate_in_doubt" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1 AND n1.c2 = t1.c2) AND NOT EXISTS (SELECT 1 FROM "candidate_in_doubt" AS n2 WHERE n2.c0 = t0.c0 AND n2.c1 = t2.c1 AND n2.c2 = t2.c2)
-- stratum 70: not_robust recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period step_meet subsumes synonym
-- base not_robust reads=has_floor,candidate_value distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "has_floor" AS t0, "candidate_value" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 <> t0.c1 AND NOT EXISTS (SELECT 1 FROM "floor_beats" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2 AND n1.c3 = t1.c3) AND NOT EXISTS (SELECT 1 FROM "solid_tie" AS n2 WHERE n2.c0 = t0.c0 AND n2.c1 = t0.c1 AND n2.c2 = t0.c2 AND n2.c3 = t1.c1 AND n2.c4 = t1.c2)
-- base not_robust reads=has_floor,candidate_value distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "has_floor" AS t0, "candidate_value" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 <> t0.c2 AND NOT EXISTS (SELECT 1 FROM "floor_beats" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2 AND n1.c3 = t1.c3) AND NOT EXISTS (SELECT 1 FROM "solid_tie" AS n2 WHERE n2.c0 = t0.c0 AND n2.c1 = t0.c1 AND n2.c2 = t0.c2 AND n2.c3 = t0.c1 AND n2.c4 = t1.c2)
INSERT INTO "not_robust" (SELECT t0.c0, t0.c1, t0.c2 FROM "has_floor" AS t0, "candidate_value" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 <> t0.c1 AND NOT EXISTS (SELECT 1 FROM "floor_beats" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2 AND n1.c3 = t1.c3) AND NOT EXISTS (SELECT 1 FROM "solid_tie" AS n2 WHERE n2.c0 = t0.c0 AND n2.c1 = t0.c1 AND n2.c2 = t0.c2 AND n2.c3 = t1.c1 AND n2.c4 = t1.c2)) UNION (SELECT t0.c0, t0.c1, t0.c2 FROM "has_floor" AS t0, "candidate_value" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 <> t0.c2 AND NOT EXISTS (SELECT 1 FROM "floor_beats" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2 AND n1.c3 = t1.c3) AND NOT EXISTS (SELECT 1 FROM "solid_tie" AS n2 WHERE n2.c0 = t0.c0 AND n2.c1 = t0.c1 AND n2.c2 = t0.c2 AND n2.c3 = t0.c1 AND n2.c4 = t1.c2))
-- stratum 71: robust recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period step_meet subsumes synonym
-- base robust reads=has_floor distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "has_floor" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "not_robust" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2)
INSERT INTO "robust" SELECT t0.c0, t0.c1, t0.c2 FROM "has_floor" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "not_robust" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2)
-- stratum 72: some_robust recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period step_meet subsumes synonym
-- base some_robust reads=robust distinct=False delta=None
SELECT t0.c0 FROM "robust" AS t0
INSERT INTO "some_robust" SELECT DISTINCT t0.c0 FROM "robust" AS t0
-- stratum 73: extremum_doubt recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period step_meet subsumes synonym
-- base extremum_doubt reads=compare_extremum,compare_doubt distinct=True delta=None
SELECT t0.c0 FROM "compare_extremum" AS t0, "compare_doubt" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "some_robust" AS n1 WHERE n1.c0 = t0.c0)
INSERT INTO "extremum_doubt" SELECT t0.c0 FROM "compare_extremum" AS t0, "compare_doubt" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "some_robust" AS n1 WHERE n1.c0 = t0.c0)
-- stratum 74: holds_sure recursive=False inputs=alias bounds compare_holds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base holds_sure reads=compare_holds,member_sure distinct=False delta=None
SELECT t0.c0 FROM "compare_holds" AS t0, "member_sure" AS t1 WHERE t1.c0 = t0.c1
INSERT INTO "holds_sure" SELECT DISTINCT t0.c0 FROM "compare_holds" AS t0, "member_sure" AS t1 WHERE t1.c0 = t0.c1
-- stratum 75: holds_true recursive=False inputs=alias bounds compare_holds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base holds_true reads=compare_holds,member distinct=False delta=None
SELECT t0.c0 FROM "compare_holds" AS t0, "member" AS t1 WHERE t1.c0 = t0.c1
INSERT INTO "holds_true" SELECT DISTINCT t0.c0 FROM "compare_holds" AS t0, "member" AS t1 WHERE t1.c0 = t0.c1
-- stratum 76: holds_doubt recursive=False inputs=alias bounds compare_holds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base holds_doubt reads=holds_true distinct=True delta=None
SELECT t0.c0 FROM "holds_true" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "holds_sure" AS n1 WHERE n1.c0 = t0.c0)
INSERT INTO "holds_doubt" SELECT t0.c0 FROM "holds_true" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "holds_sure" AS n1 WHERE n1.c0 = t0.c0)
-- stratum 77: holds_item recursive=False inputs=alias bounds compare_holds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base holds_item reads=compare_holds,constraint_seed,self_value distinct=False delta=None
SELECT t0.c0, t2.c2 FROM "compare_holds" AS t0, "constraint_seed" AS t1, "self_value" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t2.c1 = t1.c1
INSERT INTO "holds_item" SELECT DISTINCT t0.c0, t2.c2 FROM "compare_holds" AS t0, "constraint_seed" AS t1, "self_value" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t2.c1 = t1.c1
-- stratum 78: holds_has recursive=False inputs=alias bounds compare_holds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base holds_has reads=holds_item,coord distinct=False delta=None
SELECT t0.c0, t1.c1 FROM "holds_item" AS t0, "coord" AS t1 WHERE t1.c0 = t0.c1
INSERT INTO "holds_has" SELECT DISTINCT t0.c0, t1.c1 FROM "holds_item" AS t0, "coord" AS t1 WHERE t1.c0 = t0.c1
-- stratum 79: holds_missing recursive=False inputs=alias bounds compare_holds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base holds_missing reads=compare_holds,holds_item,constraint_dim distinct=False delta=None
SELECT t0.c0, t2.c1, t2.c2 FROM "compare_holds" AS t0, "holds_item" AS t1, "constraint_dim" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "holds_has" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t2.c2)
INSERT INTO "holds_missing" SELECT DISTINCT t0.c0, t2.c1, t2.c2 FROM "compare_holds" AS t0, "holds_item" AS t1, "constraint_dim" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "holds_has" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t2.c2)
-- stratum 80: holds_has_item recursive=False inputs=alias bounds compare_holds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base holds_has_item reads=holds_item distinct=False delta=None
SELECT t0.c0 FROM "holds_item" AS t0
INSERT INTO "holds_has_item" SELECT DISTINCT t0.c0 FROM "holds_item" AS t0
-- stratum 81: holds_no_item recursive=False inputs=alias bounds compare_holds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base holds_no_item reads=compare_holds,constraint_seed,constraint_ref distinct=False delta=None
SELECT t0.c0 FROM "compare_holds" AS t0, "constraint_seed" AS t1, "constraint_ref" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t2.c1 = t1.c1 AND NOT EXISTS (SELECT 1 FROM "holds_has_item" AS n1 WHERE n1.c0 = t0.c0)
INSERT INTO "holds_no_item" SELECT DISTINCT t0.c0 FROM "compare_holds" AS t0, "constraint_seed" AS t1, "constraint_ref" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1 AND t2.c1 = t1.c1 AND NOT EXISTS (SELECT 1 FROM "holds_has_item" AS n1 WHERE n1.c0 = t0.c0)
-- stratum 82: same_span recursive=False inputs=alias arg_name arg_ref bounds compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base same_span reads=span,span distinct=False delta=None
SELECT t0.c0, t0.c1, t1.c1 FROM "span" AS t0, "span" AS t1 WHERE t0.c3 = t0.c2 AND t1.c0 = t0.c0 AND t1.c2 = t0.c2 AND t1.c3 = t0.c2
INSERT INTO "same_span" SELECT DISTINCT t0.c0, t0.c1, t1.c1 FROM "span" AS t0, "span" AS t1 WHERE t0.c3 = t0.c2 AND t1.c0 = t0.c0 AND t1.c2 = t0.c2 AND t1.c3 = t0.c2
-- stratum 83: wide_value recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period step_meet subsumes synonym
-- base wide_value reads=compare_dim,ordered,compare_value,bounds distinct=False delta=None
SELECT t0.c0, t2.c1 FROM "compare_dim" AS t0, "ordered" AS t1, "compare_value" AS t2, "bounds" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c0 AND t3.c0 = t0.c1 AND t3.c1 = t2.c1 AND NOT EXISTS (SELECT 1 FROM "compare_derived" AS n1 WHERE n1.c0 = t0.c0) AND t3.c2 < t3.c3
INSERT INTO "wide_value" SELECT DISTINCT t0.c0, t2.c1 FROM "compare_dim" AS t0, "ordered" AS t1, "compare_value" AS t2, "bounds" AS t3 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c0 AND t3.c0 = t0.c1 AND t3.c1 = t2.c1 AND NOT EXISTS (SELECT 1 FROM "compare_derived" AS n1 WHERE n1.c0 = t0.c0) AND t3.c2 < t3.c3
-- stratum 84: incomparable recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period step_meet subsumes synonym
-- base incomparable reads=best_value,best_value distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2, t1.c1, t1.c2, t0.c3, t1.c3 FROM "best_value" AS t0, "best_value" AS t1 WHERE t1.c0 = t0.c0 AND t0.c1 < t1.c1 AND t0.c3 <> t1.c3 AND NOT EXISTS (SELECT 1 FROM "loses_to" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c3 AND n1.c2 = t1.c3) AND NOT EXISTS (SELECT 1 FROM "loses_to" AS n2 WHERE n2.c0 = t0.c0 AND n2.c1 = t1.c3 AND n2.c2 = t0.c3) AND NOT EXISTS (SELECT 1 FROM "same_span" AS n3 WHERE n3.c0 = t0.c0 AND n3.c1 = t0.c3 AND n3.c2 = t1.c3) AND NOT EXISTS (SELECT 1 FROM "compare_doubt" AS n4 WHERE n4.c0 = t0.c0)
-- base incomparable reads=best_value,best_value distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2, t0.c1, t1.c2, t0.c3, t1.c3 FROM "best_value" AS t0, "best_value" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t0.c2 < t1.c2 AND t0.c3 <> t1.c3 AND NOT EXISTS (SELECT 1 FROM "loses_to" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c3 AND n1.c2 = t1.c3) AND NOT EXISTS (SELECT 1 FROM "loses_to" AS n2 WHERE n2.c0 = t0.c0 AND n2.c1 = t1.c3 AND n2.c2 = t0.c3) AND NOT EXISTS (SELECT 1 FROM "same_span" AS n3 WHERE n3.c0 = t0.c0 AND n3.c1 = t0.c3 AND n3.c2 = t1.c3) AND NOT EXISTS (SELECT 1 FROM "compare_doubt" AS n4 WHERE n4.c0 = t0.c0)
-- base incomparable reads=best_value,best_value,wide_value distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2, t1.c1, t1.c2, t0.c3, t0.c3 FROM "best_value" AS t0, "best_value" AS t1, "wide_value" AS t2 WHERE t1.c0 = t0.c0 AND t1.c3 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c3 AND t0.c1 < t1.c1 AND NOT EXISTS (SELECT 1 FROM "compare_doubt" AS n1 WHERE n1.c0 = t0.c0)
-- base incomparable reads=best_value,best_value,wide_value distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2, t0.c1, t1.c2, t0.c3, t0.c3 FROM "best_value" AS t0, "best_value" AS t1, "wide_value" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c3 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c3 AND t0.c2 < t1.c2 AND NOT EXISTS (SELECT 1 FROM "compare_doubt" AS n1 WHERE n1.c0 = t0.c0)
INSERT INTO "incomparable" (SELECT t0.c0, t0.c1, t0.c2, t1.c1, t1.c2, t0.c3, t1.c3 FROM "best_value" AS t0, "best_value" AS t1 WHERE t1.c0 = t0.c0 AND t0.c1 < t1.c1 AND t0.c3 <> t1.c3 AND NOT EXISTS (SELECT 1 FROM "loses_to" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c3 AND n1.c2 = t1.c3) AND NOT EXISTS (SELECT 1 FROM "loses_to" AS n2 WHERE n2.c0 = t0.c0 AND n2.c1 = t1.c3 AND n2.c2 = t0.c3) AND NOT EXISTS (SELECT 1 FROM "same_span" AS n3 WHERE n3.c0 = t0.c0 AND n3.c1 = t0.c3 AND n3.c2 = t1.c3) AND NOT EXISTS (SELECT 1 FROM "compare_doubt" AS n4 WHERE n4.c0 = t0.c0)) UNION (SELECT t0.c0, t0.c1, t0.c2, t0.c1, t1.c2, t0.c3, t1.c3 FROM "best_value" AS t0, "best_value" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t0.c2 < t1.c2 AND t0.c3 <> t1.c3 AND NOT EXISTS (SELECT 1 FROM "loses_to" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c3 AND n1.c2 = t1.c3) AND NOT EXISTS (SELECT 1 FROM "loses_to" AS n2 WHERE n2.c0 = t0.c0 AND n2.c1 = t1.c3 AND n2.c2 = t0.c3) AND NOT EXISTS (SELECT 1 FROM "same_span" AS n3 WHERE n3.c0 = t0.c0 AND n3.c1 = t0.c3 AND n3.c2 = t1.c3) AND NOT EXISTS (SELECT 1 FROM "compare_doubt" AS n4 WHERE n4.c0 = t0.c0)) UNION (SELECT t0.c0, t0.c1, t0.c2, t1.c1, t1.c2, t0.c3, t0.c3 FROM "best_value" AS t0, "best_value" AS t1, "wide_value" AS t2 WHERE t1.c0 = t0.c0 AND t1.c3 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c3 AND t0.c1 < t1.c1 AND NOT EXISTS (SELECT 1 FROM "compare_doubt" AS n1 WHERE n1.c0 = t0.c0)) UNION (SELECT t0.c0, t0.c1, t0.c2, t0.c1, t1.c2, t0.c3, t0.c3 FROM "best_value" AS t0, "best_value" AS t1, "wide_value" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c3 = t0.c3 AND t2.c0 = t0.c0 AND t2.c1 = t0.c3 AND t0.c2 < t1.c2 AND NOT EXISTS (SELECT 1 FROM "compare_doubt" AS n1 WHERE n1.c0 = t0.c0))
-- stratum 85: item_has_value recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base item_has_value reads=candidate_value distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "candidate_value" AS t0
INSERT INTO "item_has_value" SELECT DISTINCT t0.c0, t0.c1, t0.c2 FROM "candidate_value" AS t0
-- stratum 86: item_missing recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base item_missing reads=candidate,arg_answers_items distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "candidate" AS t0, "arg_answers_items" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "item_has_value" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2) AND NOT EXISTS (SELECT 1 FROM "span_ambiguous" AS n2 WHERE n2.c0 = t0.c0 AND n2.c1 = t0.c2)
INSERT INTO "item_missing" SELECT t0.c0, t0.c1, t0.c2 FROM "candidate" AS t0, "arg_answers_items" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "item_has_value" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2) AND NOT EXISTS (SELECT 1 FROM "span_ambiguous" AS n2 WHERE n2.c0 = t0.c0 AND n2.c1 = t0.c2)
-- stratum 87: step_has_sure recursive=False inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base step_has_sure reads=disputed,step_sure distinct=False delta=None
SELECT t1.c0 FROM "disputed" AS t0, "step_sure" AS t1
INSERT INTO "step_has_sure" SELECT DISTINCT t1.c0 FROM "disputed" AS t0, "step_sure" AS t1
-- stratum 88: beaten recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period step_meet subsumes synonym
-- base beaten reads=best_value,best_value,loses_to distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "best_value" AS t0, "best_value" AS t1, "loses_to" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t0.c3 AND t2.c2 = t1.c3
INSERT INTO "beaten" SELECT DISTINCT t0.c0, t0.c1, t0.c2 FROM "best_value" AS t0, "best_value" AS t1, "loses_to" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t0.c3 AND t2.c2 = t1.c3
-- stratum 89: winner recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period step_meet subsumes synonym
-- base winner reads=best_value distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "best_value" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "beaten" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2)
INSERT INTO "winner" SELECT DISTINCT t0.c0, t0.c1, t0.c2 FROM "best_value" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "beaten" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2)
-- stratum 90: result recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period query_compare query_step step_meet subsumes synonym
-- base result reads=query_step,step_sure distinct=False delta=None
SELECT t0.c0, t1.c1 FROM "query_step" AS t0, "step_sure" AS t1 WHERE t1.c0 = t0.c1
-- base result reads=query_compare,winner distinct=False delta=None
SELECT t0.c0, t1.c2 FROM "query_compare" AS t0, "winner" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "compare_doubt" AS n1 WHERE n1.c0 = t0.c1)
-- base result reads=query_compare,robust distinct=False delta=None
SELECT t0.c0, t1.c2 FROM "query_compare" AS t0, "robust" AS t1 WHERE t1.c0 = t0.c1
INSERT INTO "result" (SELECT t0.c0, t1.c1 FROM "query_step" AS t0, "step_sure" AS t1 WHERE t1.c0 = t0.c1) UNION (SELECT t0.c0, t1.c2 FROM "query_compare" AS t0, "winner" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "compare_doubt" AS n1 WHERE n1.c0 = t0.c1)) UNION (SELECT t0.c0, t1.c2 FROM "query_compare" AS t0, "robust" AS t1 WHERE t1.c0 = t0.c1)
-- stratum 91: time_open recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period query_compare query_loose query_step step_meet subsumes synonym
-- base time_open reads=query_loose,result distinct=False delta=None
SELECT t0.c0, t1.c1 FROM "query_loose" AS t0, "result" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "result" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1)
-- base time_open reads=query_loose,result distinct=False delta=None
SELECT t0.c0, t1.c1 FROM "query_loose" AS t0, "result" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "result" AS n1 WHERE n1.c0 = t0.c1 AND n1.c1 = t1.c1)
INSERT INTO "time_open" (SELECT t0.c0, t1.c1 FROM "query_loose" AS t0, "result" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "result" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1)) UNION (SELECT t0.c0, t1.c1 FROM "query_loose" AS t0, "result" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "result" AS n1 WHERE n1.c0 = t0.c1 AND n1.c1 = t1.c1))
-- stratum 92: some_arg_missing recursive=False inputs=alias arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base some_arg_missing reads=arg_missing distinct=False delta=None
SELECT t0.c0 FROM "arg_missing" AS t0
INSERT INTO "some_arg_missing" SELECT DISTINCT t0.c0 FROM "arg_missing" AS t0
-- stratum 93: some_holds_missing recursive=False inputs=alias bounds compare_holds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base some_holds_missing reads=holds_missing distinct=False delta=None
SELECT t0.c0 FROM "holds_missing" AS t0
INSERT INTO "some_holds_missing" SELECT DISTINCT t0.c0 FROM "holds_missing" AS t0
-- stratum 94: verdict_raw recursive=False inputs=alias arg_name arg_ref bounds canonical compare_arg compare_argmax compare_argmin compare_differ compare_holds compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period query_compare step_meet subsumes synonym
-- base verdict_raw reads=query_compare,compare_same,shares_sure distinct=False delta=None
SELECT t0.c0, 1 FROM "query_compare" AS t0, "compare_same" AS t1, "shares_sure" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1
-- base verdict_raw reads=query_compare,compare_same distinct=False delta=None
SELECT t0.c0, 0 FROM "query_compare" AS t0, "compare_same" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "shares" AS n1 WHERE n1.c0 = t0.c1) AND NOT EXISTS (SELECT 1 FROM "some_arg_missing" AS n2 WHERE n2.c0 = t0.c1) AND NOT EXISTS (SELECT 1 FROM "some_arg_uncertain" AS n3 WHERE n3.c0 = t0.c1)
-- base verdict_raw reads=query_compare,compare_differ,shares_sure distinct=False delta=None
SELECT t0.c0, 0 FROM "query_compare" AS t0, "compare_differ" AS t1, "shares_sure" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1
-- base verdict_raw reads=query_compare,compare_differ distinct=False delta=None
SELECT t0.c0, 1 FROM "query_compare" AS t0, "compare_differ" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "shares" AS n1 WHERE n1.c0 = t0.c1) AND NOT EXISTS (SELECT 1 FROM "some_arg_missing" AS n2 WHERE n2.c0 = t0.c1) AND NOT EXISTS (SELECT 1 FROM "some_arg_uncertain" AS n3 WHERE n3.c0 = t0.c1)
-- base verdict_raw reads=query_compare,holds_sure distinct=False delta=None
SELECT t0.c0, 1 FROM "query_compare" AS t0, "holds_sure" AS t1 WHERE t1.c0 = t0.c1
-- base verdict_raw reads=query_compare,holds_item distinct=False delta=None
SELECT t0.c0, 0 FROM "query_compare" AS t0, "holds_item" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "holds_true" AS n1 WHERE n1.c0 = t0.c1) AND NOT EXISTS (SELECT 1 FROM "some_holds_missing" AS n2 WHERE n2.c0 = t0.c1)
INSERT INTO "verdict_raw" (SELECT t0.c0, 1 FROM "query_compare" AS t0, "compare_same" AS t1, "shares_sure" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1) UNION (SELECT t0.c0, 0 FROM "query_compare" AS t0, "compare_same" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "shares" AS n1 WHERE n1.c0 = t0.c1) AND NOT EXISTS (SELECT 1 FROM "some_arg_missing" AS n2 WHERE n2.c0 = t0.c1) AND NOT EXISTS (SELECT 1 FROM "some_arg_uncertain" AS n3 WHERE n3.c0 = t0.c1)) UNION (SELECT t0.c0, 0 FROM "query_compare" AS t0, "compare_differ" AS t1, "shares_sure" AS t2 WHERE t1.c0 = t0.c1 AND t2.c0 = t0.c1) UNION (SELECT t0.c0, 1 FROM "query_compare" AS t0, "compare_differ" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "shares" AS n1 WHERE n1.c0 = t0.c1) AND NOT EXISTS (SELECT 1 FROM "some_arg_missing" AS n2 WHERE n2.c0 = t0.c1) AND NOT EXISTS (SELECT 1 FROM "some_arg_uncertain" AS n3 WHERE n3.c0 = t0.c1)) UNION (SELECT t0.c0, 1 FROM "query_compare" AS t0, "holds_sure" AS t1 WHERE t1.c0 = t0.c1) UNION (SELECT t0.c0, 0 FROM "query_compare" AS t0, "holds_item" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "holds_true" AS n1 WHERE n1.c0 = t0.c1) AND NOT EXISTS (SELECT 1 FROM "some_holds_missing" AS n2 WHERE n2.c0 = t0.c1))
-- stratum 95: time_verdict recursive=False inputs=alias arg_name arg_ref bounds canonical compare_arg compare_argmax compare_argmin compare_differ compare_holds compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node period query_compare query_loose step_meet subsumes synonym
-- base time_verdict reads=query_loose,verdict_raw distinct=False delta=None
SELECT t0.c0 FROM "query_loose" AS t0, "verdict_raw" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "verdict_raw" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1)
-- base time_verdict reads=query_loose,verdict_raw distinct=False delta=None
SELECT t0.c0 FROM "query_loose" AS t0, "verdict_raw" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "verdict_raw" AS n1 WHERE n1.c0 = t0.c1 AND n1.c1 = t1.c1)
INSERT INTO "time_verdict" (SELECT t0.c0 FROM "query_loose" AS t0, "verdict_raw" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "verdict_raw" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1)) UNION (SELECT t0.c0 FROM "query_loose" AS t0, "verdict_raw" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "verdict_raw" AS n1 WHERE n1.c0 = t0.c1 AND n1.c1 = t1.c1))
-- stratum 96: time_unsure recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds canonical compare_arg compare_argmax compare_argmin compare_differ compare_holds compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period query_compare query_loose query_step step_meet subsumes synonym
-- base time_unsure reads=time_open distinct=False delta=None
SELECT t0.c0 FROM "time_open" AS t0
-- base time_unsure reads=time_verdict distinct=True delta=None
SELECT t0.c0 FROM "time_verdict" AS t0
INSERT INTO "time_unsure" (SELECT t0.c0 FROM "time_open" AS t0) UNION (SELECT t0.c0 FROM "time_verdict" AS t0)
-- stratum 97: unknown_arg recursive=False inputs=alias arg_name instance
-- base unknown_arg reads=arg_name distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "arg_name" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "resolve_instance" AS n1 WHERE n1.c0 = t0.c2)
INSERT INTO "unknown_arg" SELECT t0.c0, t0.c1, t0.c2 FROM "arg_name" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "resolve_instance" AS n1 WHERE n1.c0 = t0.c2)
-- stratum 98: unknown_dimension recursive=False inputs=compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_window dimension meet_of meet_project query_compare
-- base unknown_dimension reads=meet_of,constraint_dim distinct=False delta=None
SELECT t0.c1, t1.c2 FROM "meet_of" AS t0, "constraint_dim" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "dimension" AS n1 WHERE n1.c0 = t1.c2)
-- base unknown_dimension reads=meet_of,meet_project distinct=False delta=None
SELECT t0.c1, t1.c1 FROM "meet_of" AS t0, "meet_project" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "dimension" AS n1 WHERE n1.c0 = t1.c1)
-- base unknown_dimension reads=query_compare,compare_dim distinct=False delta=None
SELECT t0.c0, t1.c1 FROM "query_compare" AS t0, "compare_dim" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "dimension" AS n1 WHERE n1.c0 = t1.c1)
-- base unknown_dimension reads=query_compare,compare_minus distinct=False delta=None
SELECT t0.c0, t1.c1 FROM "query_compare" AS t0, "compare_minus" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "dimension" AS n1 WHERE n1.c0 = t1.c1)
INSERT INTO "unknown_dimension" (SELECT t0.c1, t1.c2 FROM "meet_of" AS t0, "constraint_dim" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "dimension" AS n1 WHERE n1.c0 = t1.c2)) UNION (SELECT t0.c1, t1.c1 FROM "meet_of" AS t0, "meet_project" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "dimension" AS n1 WHERE n1.c0 = t1.c1)) UNION (SELECT t0.c0, t1.c1 FROM "query_compare" AS t0, "compare_dim" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "dimension" AS n1 WHERE n1.c0 = t1.c1)) UNION (SELECT t0.c0, t1.c1 FROM "query_compare" AS t0, "compare_minus" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "dimension" AS n1 WHERE n1.c0 = t1.c1))
-- stratum 99: unknown_name recursive=False inputs=alias constraint_below constraint_exact constraint_name constraint_self constraint_window dimension instance node synonym
-- base unknown_name reads=constraint_name,constraint_dim,dimension distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "constraint_name" AS t0, "constraint_dim" AS t1, "dimension" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "resolve" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t0.c2)
-- base unknown_name reads=constraint_self,constraint_name distinct=True delta=None
SELECT t0.c0, t0.c1, t1.c2 FROM "constraint_self" AS t0, "constraint_name" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "resolve_instance" AS n1 WHERE n1.c0 = t1.c2)
INSERT INTO "unknown_name" (SELECT t0.c0, t0.c1, t0.c2 FROM "constraint_name" AS t0, "constraint_dim" AS t1, "dimension" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "resolve" AS n1 WHERE n1.c0 = t1.c2 AND n1.c1 = t0.c2)) UNION (SELECT t0.c0, t0.c1, t1.c2 FROM "constraint_self" AS t0, "constraint_name" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "resolve_instance" AS n1 WHERE n1.c0 = t1.c2))
-- stratum 100: abstain recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds canonical compare_arg compare_argmax compare_argmin compare_differ compare_holds compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord dimension functional instance magnitude meet_instances meet_of meet_project meet_time meet_time_loose node ordered period query_compare query_loose query_step query_unsupported step_meet subsumes synonym
-- base abstain reads=meet_of,unknown_name distinct=False delta=None
SELECT t0.c1, 'unknown_anchor' FROM "meet_of" AS t0, "unknown_name" AS t1 WHERE t1.c0 = t0.c0
-- base abstain reads=query_compare,unknown_arg distinct=False delta=None
SELECT t0.c0, 'unknown_anchor' FROM "query_compare" AS t0, "unknown_arg" AS t1 WHERE t1.c0 = t0.c1
-- base abstain reads=unknown_dimension distinct=False delta=None
SELECT t0.c0, 'out_of_scope' FROM "unknown_dimension" AS t0
-- base abstain reads=query_unsupported distinct=True delta=None
SELECT t0.c0, 'out_of_scope' FROM "query_unsupported" AS t0
-- base abstain reads=meet_of,conflict distinct=False delta=None
SELECT t0.c1, 'conflict' FROM "meet_of" AS t0, "conflict" AS t1 WHERE t1.c0 = t0.c0
-- base abstain reads=disputed,query_step,step_nonempty distinct=False delta=None
SELECT t1.c0, 'conflict' FROM "disputed" AS t0, "query_step" AS t1, "step_nonempty" AS t2 WHERE t2.c0 = t1.c1 AND NOT EXISTS (SELECT 1 FROM "step_has_sure" AS n1 WHERE n1.c0 = t1.c1)
-- base abstain reads=query_compare,boolean_doubt distinct=False delta=None
SELECT t0.c0, 'conflict' FROM "query_compare" AS t0, "boolean_doubt" AS t1 WHERE t1.c0 = t0.c1
-- base abstain reads=query_compare,extremum_doubt distinct=False delta=None
SELECT t0.c0, 'conflict' FROM "query_compare" AS t0, "extremum_doubt" AS t1 WHERE t1.c0 = t0.c1
-- base abstain reads=query_compare,holds_doubt distinct=False delta=None
SELECT t0.c0, 'conflict' FROM "query_compare" AS t0, "holds_doubt" AS t1 WHERE t1.c0 = t0.c1
-- base abstain reads=query_compare,incomparable distinct=False delta=None
SELECT t0.c0, 'incomparable' FROM "query_compare" AS t0, "incomparable" AS t1 WHERE t1.c0 = t0.c1
-- base abstain reads=query_compare,span_ambiguous distinct=False delta=None
SELECT t0.c0, 'incomparable' FROM "query_compare" AS t0, "span_ambiguous" AS t1 WHERE t1.c0 = t0.c1
-- base abstain reads=time_unsure distinct=True delta=None
SELECT t0.c0, 'incomparable' FROM "time_unsure" AS t0
-- base abstain reads=query_step,empty_step distinct=False delta=None
SELECT t0.c0, 'empty' FROM "query_step" AS t0, "empty_step" AS t1 WHERE t1.c0 = t0.c1
-- base abstain reads=query_compare,arg_missing distinct=False delta=None
SELECT t0.c0, 'empty' FROM "query_compare" AS t0, "arg_missing" AS t1 WHERE t1.c0 = t0.c1
-- base abstain reads=query_compare,item_missing distinct=False delta=None
SELECT t0.c0, 'empty' FROM "query_compare" AS t0, "item_missing" AS t1 WHERE t1.c0 = t0.c1
-- base abstain reads=query_compare,holds_missing distinct=False delta=None
SELECT t0.c0, 'empty' FROM "query_compare" AS t0, "holds_missing" AS t1 WHERE t1.c0 = t0.c1
-- base abstain reads=query_compare,holds_no_item distinct=False delta=None
SELECT t0.c0, 'empty' FROM "query_compare" AS t0, "holds_no_item" AS t1 WHERE t1.c0 = t0.c1
INSERT INTO "abstain" (SELECT t0.c1, 'unknown_anchor' FROM "meet_of" AS t0, "unknown_name" AS t1 WHERE t1.c0 = t0.c0) UNION (SELECT t0.c0, 'unknown_anchor' FROM "query_compare" AS t0, "unknown_arg" AS t1 WHERE t1.c0 = t0.c1) UNION (SELECT t0.c0, 'out_of_scope' FROM "unknown_dimension" AS t0) UNION (SELECT t0.c0, 'out_of_scope' FROM "query_unsupported" AS t0) UNION (SELECT t0.c1, 'conflict' FROM "meet_of" AS t0, "conflict" AS t1 WHERE t1.c0 = t0.c0) UNION (SELECT t1.c0, 'conflict' FROM "disputed" AS t0, "query_step" AS t1, "step_nonempty" AS t2 WHERE t2.c0 = t1.c1 AND NOT EXISTS (SELECT 1 FROM "step_has_sure" AS n1 WHERE n1.c0 = t1.c1)) UNION (SELECT t0.c0, 'conflict' FROM "query_compare" AS t0, "boolean_doubt" AS t1 WHERE t1.c0 = t0.c1) UNION (SELECT t0.c0, 'conflict' FROM "query_compare" AS t0, "extremum_doubt" AS t1 WHERE t1.c0 = t0.c1) UNION (SELECT t0.c0, 'conflict' FROM "query_compare" AS t0, "holds_doubt" AS t1 WHERE t1.c0 = t0.c1) UNION (SELECT t0.c0, 'incomparable' FROM "query_compare" AS t0, "incomparable" AS t1 WHERE t1.c0 = t0.c1) UNION (SELECT t0.c0, 'incomparable' FROM "query_compare" AS t0, "span_ambiguous" AS t1 WHERE t1.c0 = t0.c1) UNION (SELECT t0.c0, 'incomparable' FROM "time_unsure" AS t0) UNION (SELECT t0.c0, 'empty' FROM "query_step" AS t0, "empty_step" AS t1 WHERE t1.c0 = t0.c1) UNION (SELECT t0.c0, 'empty' FROM "query_compare" AS t0, "arg_missing" AS t1 WHERE t1.c0 = t0.c1) UNION (SELECT t0.c0, 'empty' FROM "query_compare" AS t0, "item_missing" AS t1 WHERE t1.c0 = t0.c1) UNION (SELECT t0.c0, 'empty' FROM "query_compare" AS t0, "holds_missing" AS t1 WHERE t1.c0 = t0.c1) UNION (SELECT t0.c0, 'empty' FROM "query_compare" AS t0, "holds_no_item" AS t1 WHERE t1.c0 = t0.c1)
-- stratum 101: blocked recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds canonical compare_arg compare_argmax compare_argmin compare_differ compare_holds compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord dimension functional instance magnitude meet_instances meet_of meet_project meet_time meet_time_loose node ordered period query_compare query_loose query_step query_unsupported step_meet subsumes synonym
-- base blocked reads=abstain distinct=False delta=None
SELECT t0.c0 FROM "abstain" AS t0
INSERT INTO "blocked" SELECT DISTINCT t0.c0 FROM "abstain" AS t0
-- stratum 102: answer recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds canonical compare_arg compare_argmax compare_argmin compare_differ compare_holds compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord dimension functional instance magnitude meet_instances meet_of meet_project meet_time meet_time_loose node ordered period query_compare query_loose query_step query_unsupported step_meet subsumes synonym
-- base answer reads=result distinct=True delta=None
SELECT t0.c0, t0.c1 FROM "result" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t0.c0)
INSERT INTO "answer" SELECT t0.c0, t0.c1 FROM "result" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t0.c0)
-- stratum 103: beats recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period step_meet subsumes synonym
-- base beats reads=winner,best_value,best_value,loses_to distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2, t2.c1, t2.c2, t1.c3, t2.c3 FROM "winner" AS t0, "best_value" AS t1, "best_value" AS t2, "loses_to" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c2 AND t2.c0 = t0.c0 AND t3.c0 = t0.c0 AND t3.c1 = t2.c3 AND t3.c2 = t1.c3
INSERT INTO "beats" SELECT t0.c0, t0.c1, t0.c2, t2.c1, t2.c2, t1.c3, t2.c3 FROM "winner" AS t0, "best_value" AS t1, "best_value" AS t2, "loses_to" AS t3 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c2 AND t2.c0 = t0.c0 AND t3.c0 = t0.c0 AND t3.c1 = t2.c3 AND t3.c2 = t1.c3
-- stratum 104: constraint_of recursive=False inputs=constraint_below constraint_exact constraint_self constraint_window
-- base constraint_of reads=constraint_dim distinct=False delta=None
SELECT t0.c0, t0.c1 FROM "constraint_dim" AS t0
-- base constraint_of reads=constraint_self distinct=True delta=None
SELECT t0.c0, t0.c1 FROM "constraint_self" AS t0
INSERT INTO "constraint_of" (SELECT t0.c0, t0.c1 FROM "constraint_dim" AS t0) UNION (SELECT t0.c0, t0.c1 FROM "constraint_self" AS t0)
-- stratum 105: undecided recursive=False inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period query_step step_meet subsumes synonym
-- base undecided reads=disputed,query_step,step_out distinct=False delta=None
SELECT t1.c0, t2.c1 FROM "disputed" AS t0, "query_step" AS t1, "step_out" AS t2 WHERE t2.c0 = t1.c1 AND NOT EXISTS (SELECT 1 FROM "step_sure" AS n1 WHERE n1.c0 = t1.c1 AND n1.c1 = t2.c1)
INSERT INTO "undecided" SELECT DISTINCT t1.c0, t2.c1 FROM "disputed" AS t0, "query_step" AS t1, "step_out" AS t2 WHERE t2.c0 = t1.c1 AND NOT EXISTS (SELECT 1 FROM "step_sure" AS n1 WHERE n1.c0 = t1.c1 AND n1.c1 = t2.c1)
-- stratum 106: contested_answer recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds canonical compare_arg compare_argmax compare_argmin compare_differ compare_holds compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord dimension functional instance magnitude meet_instances meet_of meet_project meet_time meet_time_loose node ordered period query_compare query_loose query_step query_unsupported step_meet subsumes synonym
-- base contested_answer reads=undecided distinct=True delta=None
SELECT t0.c0, t0.c1 FROM "undecided" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t0.c0)
INSERT INTO "contested_answer" SELECT t0.c0, t0.c1 FROM "undecided" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t0.c0)
-- stratum 107: doubt_coord recursive=False inputs=alias arg_name arg_ref bounds compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base doubt_coord reads=arg_item,compare_reads,contested,coord distinct=False delta=None
SELECT t0.c0, t0.c2, t1.c1, t3.c2, t3.c3 FROM "arg_item" AS t0, "compare_reads" AS t1, "contested" AS t2, "coord" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c2 AND t2.c1 = t1.c1 AND t3.c0 = t0.c2 AND t3.c1 = t1.c1
INSERT INTO "doubt_coord" SELECT DISTINCT t0.c0, t0.c2, t1.c1, t3.c2, t3.c3 FROM "arg_item" AS t0, "compare_reads" AS t1, "contested" AS t2, "coord" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c2 AND t2.c1 = t1.c1 AND t3.c0 = t0.c2 AND t3.c1 = t1.c1
-- stratum 108: doubt_hit recursive=False inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base doubt_hit reads=member,hit,constraint_dim,contested,fits distinct=False delta=None
SELECT t0.c0, t1.c1, t0.c1, t1.c4, t1.c5 FROM "member" AS t0, "hit" AS t1, "constraint_dim" AS t2, "contested" AS t3, "fits" AS t4 WHERE t1.c0 = t0.c0 AND t1.c2 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c1 AND t3.c0 = t0.c1 AND t3.c1 = t2.c2 AND t4.c0 = t0.c0 AND t4.c1 = t0.c1 AND t4.c2 = t2.c2 AND t4.c3 = t1.c4
INSERT INTO "doubt_hit" SELECT DISTINCT t0.c0, t1.c1, t0.c1, t1.c4, t1.c5 FROM "member" AS t0, "hit" AS t1, "constraint_dim" AS t2, "contested" AS t3, "fits" AS t4 WHERE t1.c0 = t0.c0 AND t1.c2 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c1 AND t3.c0 = t0.c1 AND t3.c1 = t2.c2 AND t4.c0 = t0.c0 AND t4.c1 = t0.c1 AND t4.c2 = t2.c2 AND t4.c3 = t1.c4
-- stratum 109: doubt_item recursive=False inputs=alias arg_name arg_ref bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base doubt_item reads=arg_item distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2 FROM "arg_item" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "arg_item_sure" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2)
INSERT INTO "doubt_item" SELECT t0.c0, t0.c1, t0.c2 FROM "arg_item" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "arg_item_sure" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t0.c2)
-- stratum 110: doubt_miss recursive=False inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base doubt_miss reads=member,constraint_dim,contested,coord distinct=False delta=None
SELECT t0.c0, t1.c1, t0.c1, t3.c2, t3.c3 FROM "member" AS t0, "constraint_dim" AS t1, "contested" AS t2, "coord" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c1 AND t2.c1 = t1.c2 AND t3.c0 = t0.c1 AND t3.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "fits" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t1.c2 AND n1.c3 = t3.c2)
INSERT INTO "doubt_miss" SELECT DISTINCT t0.c0, t1.c1, t0.c1, t3.c2, t3.c3 FROM "member" AS t0, "constraint_dim" AS t1, "contested" AS t2, "coord" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c1 AND t2.c1 = t1.c2 AND t3.c0 = t0.c1 AND t3.c1 = t1.c2 AND NOT EXISTS (SELECT 1 FROM "fits" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t0.c1 AND n1.c2 = t1.c2 AND n1.c3 = t3.c2)
-- stratum 111: doubt_project recursive=False inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base doubt_project reads=projected,meet_project,contested distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c2, t0.c3 FROM "projected" AS t0, "meet_project" AS t1, "contested" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c1 AND t2.c1 = t1.c1
INSERT INTO "doubt_project" SELECT DISTINCT t0.c0, t0.c1, t0.c2, t0.c3 FROM "projected" AS t0, "meet_project" AS t1, "contested" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c1 AND t2.c1 = t1.c1
-- stratum 112: doubtful_member recursive=False inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base doubtful_member reads=disputed,member distinct=False delta=None
SELECT t1.c0, t1.c1 FROM "disputed" AS t0, "member" AS t1 WHERE NOT EXISTS (SELECT 1 FROM "member_sure" AS n1 WHERE n1.c0 = t1.c0 AND n1.c1 = t1.c1)
INSERT INTO "doubtful_member" SELECT DISTINCT t1.c0, t1.c1 FROM "disputed" AS t0, "member" AS t1 WHERE NOT EXISTS (SELECT 1 FROM "member_sure" AS n1 WHERE n1.c0 = t1.c0 AND n1.c1 = t1.c1)
-- stratum 113: meet_nonempty recursive=False inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base meet_nonempty reads=member distinct=False delta=None
SELECT t0.c0 FROM "member" AS t0
INSERT INTO "meet_nonempty" SELECT DISTINCT t0.c0 FROM "member" AS t0
-- stratum 114: empty_meet recursive=False inputs=alias bounds compare_holds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base empty_meet reads=step_meet distinct=False delta=None
SELECT t0.c1 FROM "step_meet" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "meet_nonempty" AS n1 WHERE n1.c0 = t0.c1)
-- base empty_meet reads=compare_holds distinct=False delta=None
SELECT t0.c1 FROM "compare_holds" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "meet_nonempty" AS n1 WHERE n1.c0 = t0.c1)
INSERT INTO "empty_meet" (SELECT t0.c1 FROM "step_meet" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "meet_nonempty" AS n1 WHERE n1.c0 = t0.c1)) UNION (SELECT t0.c1 FROM "compare_holds" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "meet_nonempty" AS n1 WHERE n1.c0 = t0.c1))
-- stratum 115: reached_some recursive=False inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base reached_some reads=reached distinct=False delta=None
SELECT t0.c0, t0.c1 FROM "reached" AS t0
INSERT INTO "reached_some" SELECT DISTINCT t0.c0, t0.c1 FROM "reached" AS t0
-- stratum 116: emptied_by recursive=False inputs=alias bounds compare_holds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base emptied_by reads=empty_meet,constraint_seed distinct=True delta=None
SELECT t0.c0, t1.c1 FROM "empty_meet" AS t0, "constraint_seed" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "reached_some" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1)
-- base emptied_by reads=empty_meet,constraint_next,reached_some distinct=False delta=None
SELECT t0.c0, t1.c2 FROM "empty_meet" AS t0, "constraint_next" AS t1, "reached_some" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t1.c1 AND NOT EXISTS (SELECT 1 FROM "reached_some" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c2)
INSERT INTO "emptied_by" (SELECT t0.c0, t1.c1 FROM "empty_meet" AS t0, "constraint_seed" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "reached_some" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1)) UNION (SELECT t0.c0, t1.c2 FROM "empty_meet" AS t0, "constraint_next" AS t1, "reached_some" AS t2 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t1.c1 AND NOT EXISTS (SELECT 1 FROM "reached_some" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c2))
-- stratum 117: holds_actual recursive=False inputs=alias bounds compare_holds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base holds_actual reads=compare_holds,holds_item,constraint_dim,coord distinct=False delta=None
SELECT t0.c0, t2.c1, t1.c1, t3.c2, t3.c3 FROM "compare_holds" AS t0, "holds_item" AS t1, "constraint_dim" AS t2, "coord" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c1 AND t3.c0 = t1.c1 AND t3.c1 = t2.c2
INSERT INTO "holds_actual" SELECT DISTINCT t0.c0, t2.c1, t1.c1, t3.c2, t3.c3 FROM "compare_holds" AS t0, "holds_item" AS t1, "constraint_dim" AS t2, "coord" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c1 AND t3.c0 = t1.c1 AND t3.c1 = t2.c2
-- stratum 118: matches_alone recursive=False inputs=alias bounds compare_holds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base matches_alone reads=empty_meet,constraint_dim,admits,coord distinct=False delta=None
SELECT t0.c0, t1.c1 FROM "empty_meet" AS t0, "constraint_dim" AS t1, "admits" AS t2, "coord" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t1.c1 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3)
-- base matches_alone reads=empty_meet,self_value distinct=False delta=None
SELECT t0.c0, t1.c1 FROM "empty_meet" AS t0, "self_value" AS t1 WHERE t1.c0 = t0.c0
INSERT INTO "matches_alone" (SELECT t0.c0, t1.c1 FROM "empty_meet" AS t0, "constraint_dim" AS t1, "admits" AS t2, "coord" AS t3 WHERE t1.c0 = t0.c0 AND t2.c0 = t0.c0 AND t2.c1 = t1.c1 AND t3.c1 = t1.c2 AND t3.c2 = t2.c3 AND NOT EXISTS (SELECT 1 FROM "stale" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t3.c3)) UNION (SELECT t0.c0, t1.c1 FROM "empty_meet" AS t0, "self_value" AS t1 WHERE t1.c0 = t0.c0)
-- stratum 119: matches_nothing recursive=False inputs=alias bounds compare_holds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base matches_nothing reads=empty_meet,constraint_of distinct=True delta=None
SELECT t0.c0, t1.c1 FROM "empty_meet" AS t0, "constraint_of" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "matches_alone" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1)
INSERT INTO "matches_nothing" SELECT t0.c0, t1.c1 FROM "empty_meet" AS t0, "constraint_of" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "matches_alone" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1)
-- stratum 120: unsure_shadow recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds canonical compare_arg compare_argmax compare_argmin compare_differ compare_holds compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_of meet_project meet_time meet_time_loose node ordered period query_compare query_loose query_step step_meet subsumes synonym
-- base unsure_shadow reads=time_unsure,query_loose,meet_of,meet_time_loose distinct=False delta=None
SELECT t2.c0 FROM "time_unsure" AS t0, "query_loose" AS t1, "meet_of" AS t2, "meet_time_loose" AS t3 WHERE t1.c0 = t0.c0 AND t2.c1 = t1.c1 AND t3.c0 = t2.c0
INSERT INTO "unsure_shadow" SELECT DISTINCT t2.c0 FROM "time_unsure" AS t0, "query_loose" AS t1, "meet_of" AS t2, "meet_time_loose" AS t3 WHERE t1.c0 = t0.c0 AND t2.c1 = t1.c1 AND t3.c0 = t2.c0
-- stratum 121: not_sure recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds canonical compare_arg compare_argmax compare_argmin compare_differ compare_holds compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_of meet_project meet_time meet_time_loose node ordered period query_compare query_loose query_step step_meet subsumes synonym
-- base not_sure reads=unsure_shadow,meet_time_loose,period distinct=False delta=None
SELECT t0.c0, t2.c0 FROM "unsure_shadow" AS t0, "meet_time_loose" AS t1, "period" AS t2 WHERE t1.c0 = t0.c0 AND t2.c2 > t1.c2
-- base not_sure reads=unsure_shadow,meet_time_loose,period distinct=False delta=None
SELECT t0.c0, t2.c0 FROM "unsure_shadow" AS t0, "meet_time_loose" AS t1, "period" AS t2 WHERE t1.c0 = t0.c0 AND t2.c3 < t1.c1
INSERT INTO "not_sure" (SELECT t0.c0, t2.c0 FROM "unsure_shadow" AS t0, "meet_time_loose" AS t1, "period" AS t2 WHERE t1.c0 = t0.c0 AND t2.c2 > t1.c2) UNION (SELECT t0.c0, t2.c0 FROM "unsure_shadow" AS t0, "meet_time_loose" AS t1, "period" AS t2 WHERE t1.c0 = t0.c0 AND t2.c3 < t1.c1)
-- stratum 122: witness_hit recursive=False inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base witness_hit reads=hit,member distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2, t0.c3, t0.c4, t0.c5 FROM "hit" AS t0, "member" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c2
INSERT INTO "witness_hit" SELECT t0.c0, t0.c1, t0.c2, t0.c3, t0.c4, t0.c5 FROM "hit" AS t0, "member" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c2
-- stratum 123: path_needed recursive=True inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base path_needed reads=witness_hit,constraint_dim distinct=False delta=None
SELECT t1.c2, t0.c3, t0.c4 FROM "witness_hit" AS t0, "constraint_dim" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t0.c3 <> t0.c4
INSERT INTO "path_needed" SELECT DISTINCT t1.c2, t0.c3, t0.c4 FROM "witness_hit" AS t0, "constraint_dim" AS t1 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t0.c3 <> t0.c4
-- step path_needed parity=None reads=path_needed,subsumes,desc distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2 FROM "path_needed" AS t0, "subsumes" AS t1, "desc" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t1.c2 <> t0.c2
INSERT INTO "path_needed$delta0" SELECT * FROM (SELECT t0.c0, t1.c2, t0.c2 FROM "path_needed" AS t0, "subsumes" AS t1, "desc" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t1.c2 <> t0.c2) EXCEPT SELECT * FROM "path_needed"
-- step path_needed parity=0 reads=path_needed,subsumes,desc distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2 FROM "path_needed$delta0" AS t0, "subsumes" AS t1, "desc" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t1.c2 <> t0.c2
INSERT INTO "path_needed$delta0" SELECT * FROM (SELECT t0.c0, t1.c2, t0.c2 FROM "path_needed$delta0" AS t0, "subsumes" AS t1, "desc" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t1.c2 <> t0.c2) EXCEPT SELECT * FROM "path_needed"
-- step path_needed parity=1 reads=path_needed,subsumes,desc distinct=False delta=0
SELECT t0.c0, t1.c2, t0.c2 FROM "path_needed$delta1" AS t0, "subsumes" AS t1, "desc" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t1.c2 <> t0.c2
INSERT INTO "path_needed$delta0" SELECT * FROM (SELECT t0.c0, t1.c2, t0.c2 FROM "path_needed$delta1" AS t0, "subsumes" AS t1, "desc" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2 AND t1.c2 <> t0.c2) EXCEPT SELECT * FROM "path_needed"
-- stratum 124: path_step recursive=False inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base path_step reads=path_needed,subsumes,desc distinct=True delta=None
SELECT t0.c0, t0.c1, t0.c2, t1.c2 FROM "path_needed" AS t0, "subsumes" AS t1, "desc" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2
INSERT INTO "path_step" SELECT t0.c0, t0.c1, t0.c2, t1.c2 FROM "path_needed" AS t0, "subsumes" AS t1, "desc" AS t2 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c2 AND t2.c2 = t0.c2
-- stratum 125: robust_beats recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds compare_arg compare_argmax compare_argmin compare_differ compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_project meet_time meet_time_loose node ordered period step_meet subsumes synonym
-- base robust_beats reads=robust,floor_item,item_beats,arg_value,candidate_value,loses_to distinct=False delta=None
SELECT t0.c0, t0.c1, t0.c2, t1.c3, t3.c3, t4.c1, t4.c2, t2.c2 FROM "robust" AS t0, "floor_item" AS t1, "item_beats" AS t2, "arg_value" AS t3, "candidate_value" AS t4, "loses_to" AS t5 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t1.c3 AND t3.c0 = t0.c0 AND t3.c2 = t1.c3 AND t4.c0 = t0.c0 AND t4.c3 = t2.c2 AND t5.c0 = t0.c0 AND t5.c1 = t2.c2 AND t5.c2 = t3.c3
INSERT INTO "robust_beats" SELECT DISTINCT t0.c0, t0.c1, t0.c2, t1.c3, t3.c3, t4.c1, t4.c2, t2.c2 FROM "robust" AS t0, "floor_item" AS t1, "item_beats" AS t2, "arg_value" AS t3, "candidate_value" AS t4, "loses_to" AS t5 WHERE t1.c0 = t0.c0 AND t1.c1 = t0.c1 AND t1.c2 = t0.c2 AND t2.c0 = t0.c0 AND t2.c1 = t1.c3 AND t3.c0 = t0.c0 AND t3.c2 = t1.c3 AND t4.c0 = t0.c0 AND t4.c3 = t2.c2 AND t5.c0 = t0.c0 AND t5.c1 = t2.c2 AND t5.c2 = t3.c3
-- stratum 126: sure_route recursive=False inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base sure_route reads=doubtful_member,route distinct=True delta=None
SELECT t0.c0, t1.c1, t0.c1 FROM "doubtful_member" AS t0, "route" AS t1 WHERE t1.c0 = t0.c0 AND t1.c2 = t0.c1 AND t1.c3 = 0
-- base sure_route reads=doubtful_member,hit,sure_constraint,constraint_dim distinct=False delta=None
SELECT t0.c0, t1.c1, t0.c1 FROM "doubtful_member" AS t0, "hit" AS t1, "sure_constraint" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c2 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c1 AND t3.c0 = t0.c0 AND t3.c1 = t1.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c1 AND n1.c1 = t3.c2)
-- base sure_route reads=doubtful_member,hit,sure_ref,constraint_dim distinct=False delta=None
SELECT t0.c0, t1.c1, t0.c1 FROM "doubtful_member" AS t0, "hit" AS t1, "sure_ref" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c2 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c1 AND t2.c2 = t1.c3 AND t3.c0 = t0.c0 AND t3.c1 = t1.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c1 AND n1.c1 = t3.c2)
INSERT INTO "sure_route" (SELECT t0.c0, t1.c1, t0.c1 FROM "doubtful_member" AS t0, "route" AS t1 WHERE t1.c0 = t0.c0 AND t1.c2 = t0.c1 AND t1.c3 = 0) UNION (SELECT t0.c0, t1.c1, t0.c1 FROM "doubtful_member" AS t0, "hit" AS t1, "sure_constraint" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c2 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c1 AND t3.c0 = t0.c0 AND t3.c1 = t1.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c1 AND n1.c1 = t3.c2)) UNION (SELECT t0.c0, t1.c1, t0.c1 FROM "doubtful_member" AS t0, "hit" AS t1, "sure_ref" AS t2, "constraint_dim" AS t3 WHERE t1.c0 = t0.c0 AND t1.c2 = t0.c1 AND t2.c0 = t0.c0 AND t2.c1 = t1.c1 AND t2.c2 = t1.c3 AND t3.c0 = t0.c0 AND t3.c1 = t1.c1 AND NOT EXISTS (SELECT 1 FROM "contested" AS n1 WHERE n1.c0 = t0.c1 AND n1.c1 = t3.c2))
-- stratum 127: time_maybe recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds canonical compare_arg compare_argmax compare_argmin compare_differ compare_holds compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance magnitude meet_instances meet_of meet_project meet_time meet_time_loose node ordered period query_compare query_loose query_step step_meet subsumes synonym
-- base time_maybe reads=query_loose,meet_of,not_sure,witness_hit distinct=False delta=None
SELECT t0.c0, t2.c1 FROM "query_loose" AS t0, "meet_of" AS t1, "not_sure" AS t2, "witness_hit" AS t3 WHERE t1.c1 = t0.c1 AND t2.c0 = t1.c0 AND t3.c0 = t1.c0 AND t3.c5 = t2.c1
-- base time_maybe reads=query_loose,meet_of,not_sure,projected distinct=False delta=None
SELECT t0.c0, t2.c1 FROM "query_loose" AS t0, "meet_of" AS t1, "not_sure" AS t2, "projected" AS t3 WHERE t1.c1 = t0.c1 AND t2.c0 = t1.c0 AND t3.c0 = t1.c0 AND t3.c3 = t2.c1
INSERT INTO "time_maybe" (SELECT t0.c0, t2.c1 FROM "query_loose" AS t0, "meet_of" AS t1, "not_sure" AS t2, "witness_hit" AS t3 WHERE t1.c1 = t0.c1 AND t2.c0 = t1.c0 AND t3.c0 = t1.c0 AND t3.c5 = t2.c1) UNION (SELECT t0.c0, t2.c1 FROM "query_loose" AS t0, "meet_of" AS t1, "not_sure" AS t2, "projected" AS t3 WHERE t1.c1 = t0.c1 AND t2.c0 = t1.c0 AND t3.c0 = t1.c0 AND t3.c3 = t2.c1)
-- stratum 128: unsure recursive=False inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base unsure reads=doubtful_member,constraint_of distinct=True delta=None
SELECT t0.c0, t1.c1, t0.c1 FROM "doubtful_member" AS t0, "constraint_of" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "sure_route" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1 AND n1.c2 = t0.c1)
INSERT INTO "unsure" SELECT t0.c0, t1.c1, t0.c1 FROM "doubtful_member" AS t0, "constraint_of" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "sure_route" AS n1 WHERE n1.c0 = t0.c0 AND n1.c1 = t1.c1 AND n1.c2 = t0.c1)
-- stratum 129: verdict recursive=False inputs=alias arg_answers_items arg_name arg_ref bounds canonical compare_arg compare_argmax compare_argmin compare_differ compare_holds compare_minus compare_same constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord dimension functional instance magnitude meet_instances meet_of meet_project meet_time meet_time_loose node ordered period query_compare query_loose query_step query_unsupported step_meet subsumes synonym
-- base verdict reads=verdict_raw distinct=True delta=None
SELECT t0.c0, t0.c1 FROM "verdict_raw" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t0.c0)
INSERT INTO "verdict" SELECT t0.c0, t0.c1 FROM "verdict_raw" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t0.c0)
-- stratum 130: witness_self recursive=False inputs=alias bounds constraint_below constraint_exact constraint_last constraint_name constraint_next constraint_ref constraint_seed constraint_self constraint_window coord functional instance meet_instances meet_project meet_time meet_time_loose node period step_meet subsumes synonym
-- base witness_self reads=member,self_hit distinct=True delta=None
SELECT t0.c0, t1.c1, t0.c1 FROM "member" AS t0, "self_hit" AS t1 WHERE t1.c0 = t0.c0 AND t1.c2 = t0.c1
INSERT INTO "witness_self" SELECT t0.c0, t1.c1, t0.c1 FROM "member" AS t0, "self_hit" AS t1 WHERE t1.c0 = t0.c0 AND t1.c2 = t0.c1
-- tables
CREATE TABLE "dimension" (c0 BIGINT NOT NULL)
CREATE TABLE "functional" (c0 BIGINT NOT NULL)
CREATE TABLE "ordered" (c0 BIGINT NOT NULL)
CREATE TABLE "node" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "top" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "subsumes" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "synonym" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "bounds" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "magnitude" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "canonical" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "instance" (c0 BIGINT NOT NULL)
CREATE TABLE "alias" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "coord" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "qualifier" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "period" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL)
CREATE TABLE "query" (c0 BIGINT NOT NULL)
CREATE TABLE "query_step" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "query_compare" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "query_unsupported" (c0 BIGINT NOT NULL)
CREATE TABLE "meet_of" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "step_meet" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "meet_instances" (c0 BIGINT NOT NULL)
CREATE TABLE "meet_project" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "constraint_below" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "constraint_exact" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "constraint_window" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL)
CREATE TABLE "meet_time" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "meet_time_loose" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "query_loose" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "constraint_self" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "constraint_name" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "constraint_ref" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "constraint_seed" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "constraint_next" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "constraint_last" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "compare_same" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "compare_differ" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "compare_argmax" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "compare_argmin" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "compare_minus" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "compare_holds" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "compare_arg" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "arg_name" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "arg_ref" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "arg_answers_items" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "desc" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "resolve" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "resolve_instance" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "constraint_dim" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "contested" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "disputed" (c0 BIGINT NOT NULL)
CREATE TABLE "world" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "world_between" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "world_next" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "world_later" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "world_earlier" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "world_first" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "world_last" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "stale" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "constraint_value" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "ref_value" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "sure_constraint" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "sure_ref" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "doubt_value" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "self_value" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "admits" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "hit" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL, c5 BIGINT NOT NULL)
CREATE TABLE "self_hit" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "world_hit" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "world_all" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "constrains" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "passes" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "world_fits" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL)
CREATE TABLE "fits" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "route" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "reached" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "member" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "member_sure" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "member_doubt" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "projected" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "step_out" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "step_sure" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "step_doubt" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "compare_dim" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "compare_boolean" (c0 BIGINT NOT NULL)
CREATE TABLE "compare_extremum" (c0 BIGINT NOT NULL)
CREATE TABLE "arg_item" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "arg_item_sure" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "compare_reads" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "item_doubt" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "compare_doubt" (c0 BIGINT NOT NULL)
CREATE TABLE "compare_derived" (c0 BIGINT NOT NULL)
CREATE TABLE "span_dim" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "two_values" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL, c5 BIGINT NOT NULL)
CREATE TABLE "span_ambiguous" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "arg_ambiguous" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "span_of" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL, c5 BIGINT NOT NULL, c6 BIGINT NOT NULL, c7 BIGINT NOT NULL, c8 BIGINT NOT NULL)
CREATE TABLE "span" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "same_span" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "arg_value" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL)
CREATE TABLE "arg_holds" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "arg_has_value" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "arg_missing" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "some_arg_missing" (c0 BIGINT NOT NULL)
CREATE TABLE "has_class" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "boolean_value" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "value_class" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "arg_class" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "lacks_value" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "common_value" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "shares" (c0 BIGINT NOT NULL)
CREATE TABLE "arg_sure_value" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "lacks_sure" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "common_sure" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "shares_sure" (c0 BIGINT NOT NULL)
CREATE TABLE "arg_certain" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "some_arg_uncertain" (c0 BIGINT NOT NULL)
CREATE TABLE "boolean_doubt" (c0 BIGINT NOT NULL)
CREATE TABLE "candidate" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "candidate_value" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "item_has_value" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "item_missing" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "compare_value" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "precedes" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "loses_to" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "outdone_within" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "best_value" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "beaten" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "incomparable" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL, c5 BIGINT NOT NULL, c6 BIGINT NOT NULL)
CREATE TABLE "wide_value" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "winner" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "floor_item" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "world_short" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "span_short" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "item_beats" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "floor_beats" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "has_floor" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "candidate_in_doubt" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "solid_tie" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL)
CREATE TABLE "not_robust" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "robust" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "some_robust" (c0 BIGINT NOT NULL)
CREATE TABLE "extremum_doubt" (c0 BIGINT NOT NULL)
CREATE TABLE "holds_item" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "holds_has" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "holds_missing" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "some_holds_missing" (c0 BIGINT NOT NULL)
CREATE TABLE "holds_has_item" (c0 BIGINT NOT NULL)
CREATE TABLE "holds_no_item" (c0 BIGINT NOT NULL)
CREATE TABLE "holds_true" (c0 BIGINT NOT NULL)
CREATE TABLE "holds_sure" (c0 BIGINT NOT NULL)
CREATE TABLE "holds_doubt" (c0 BIGINT NOT NULL)
CREATE TABLE "verdict_raw" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "unknown_name" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "unknown_arg" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "unknown_dimension" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "lower_bound_shared" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "admits_some" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "conflict" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "constraint_of" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "meet_nonempty" (c0 BIGINT NOT NULL)
CREATE TABLE "empty_meet" (c0 BIGINT NOT NULL)
CREATE TABLE "reached_some" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "emptied_by" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "matches_alone" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "matches_nothing" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "step_nonempty" (c0 BIGINT NOT NULL)
CREATE TABLE "empty_step" (c0 BIGINT NOT NULL)
CREATE TABLE "step_has_sure" (c0 BIGINT NOT NULL)
CREATE TABLE "undecided" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "time_open" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "time_verdict" (c0 BIGINT NOT NULL)
CREATE TABLE "time_unsure" (c0 BIGINT NOT NULL)
CREATE TABLE "abstain" (c0 BIGINT NOT NULL, c1 VARCHAR NOT NULL)
CREATE TABLE "blocked" (c0 BIGINT NOT NULL)
CREATE TABLE "result" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "answer" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "contested_answer" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "verdict" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "witness_hit" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL, c5 BIGINT NOT NULL)
CREATE TABLE "witness_self" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "path_needed" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "path_step" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "beats" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL, c5 BIGINT NOT NULL, c6 BIGINT NOT NULL)
CREATE TABLE "holds_actual" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL)
CREATE TABLE "doubt_hit" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL)
CREATE TABLE "doubt_miss" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL)
CREATE TABLE "doubtful_member" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "sure_route" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "unsure" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "doubt_project" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "doubt_item" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "doubt_coord" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL)
CREATE TABLE "robust_beats" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL, c5 BIGINT NOT NULL, c6 BIGINT NOT NULL, c7 BIGINT NOT NULL)
CREATE TABLE "unsure_shadow" (c0 BIGINT NOT NULL)
CREATE TABLE "not_sure" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "time_maybe" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "desc$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "desc$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "admits$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "admits$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "constraint_value$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "constraint_value$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "doubt_value$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "doubt_value$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "fits$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "fits$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "hit$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL, c5 BIGINT NOT NULL)
CREATE TABLE "hit$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL, c5 BIGINT NOT NULL)
CREATE TABLE "member$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "member$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "member_doubt$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "member_doubt$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "member_sure$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "member_sure$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "passes$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "passes$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "projected$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "projected$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "reached$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "reached$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "ref_value$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "ref_value$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "route$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "route$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "self_hit$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "self_hit$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "self_value$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "self_value$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "step_doubt$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "step_doubt$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "step_out$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "step_out$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "step_sure$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "step_sure$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "sure_ref$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "sure_ref$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "world_all$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "world_all$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "world_fits$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL)
CREATE TABLE "world_fits$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL, c4 BIGINT NOT NULL)
CREATE TABLE "world_hit$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "world_hit$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL, c3 BIGINT NOT NULL)
CREATE TABLE "path_needed$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
CREATE TABLE "path_needed$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL, c2 BIGINT NOT NULL)
