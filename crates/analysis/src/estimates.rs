//! The estimator once per way of counting teire points, and which way a record's server
//! counts: the results of OGS, Fox, KGS and GNU Go follow different conventions
//! (docs/estimator.md, *Territory as players mark it*).

use estimate::{EstimateAssessor, Teire};
use rules_core::GameRecord;

/// The estimator once per way of counting teire points ([`Teire`]).
#[derive(Debug, Clone)]
pub struct Estimates {
    as_territory: EstimateAssessor,
    after_all_dame: EstimateAssessor,
    after_each_dame: EstimateAssessor,
}

impl Default for Estimates {
    fn default() -> Estimates {
        Estimates {
            as_territory: EstimateAssessor::with_teire(Teire::AsTerritory),
            after_all_dame: EstimateAssessor::with_teire(Teire::AfterAllDame),
            after_each_dame: EstimateAssessor::with_teire(Teire::AfterEachDame),
        }
    }
}

impl Estimates {
    /// The estimator that counts teire points as `teire` says.
    #[must_use]
    pub fn get(&self, teire: Teire) -> &EstimateAssessor {
        match teire {
            Teire::AsTerritory => &self.as_territory,
            Teire::AfterAllDame => &self.after_all_dame,
            Teire::AfterEachDame => &self.after_each_dame,
        }
    }

    /// The estimator for `record`'s server ([`teire_of`]).
    #[must_use]
    pub fn for_record(&self, record: &GameRecord) -> &EstimateAssessor {
        self.get(teire_of(record))
    }
}

/// How `record`'s server counts teire points (the points a player must fill before counting),
/// as its results show (docs/estimator.md): OGS counts territory as the board ends, teire
/// points included (197 of 225 counted OGS 19×19 games without markup agree so, 172 with them
/// left out); Fox leaves out a point that one dame fill makes the last liberty of a chain
/// ([`rules_names::infer::fox`]); KGS markup and GNU Go leave out the points that are last
/// liberties once every dame is filled, the default.
#[must_use]
pub fn teire_of(record: &GameRecord) -> Teire {
    let server = rules_names::infer::server(&record.info).map(|(s, _)| s.name);
    if server == Some("OGS") {
        Teire::AsTerritory
    } else if rules_names::infer::fox(record.info.application.as_deref(), record.rules.as_deref()) {
        Teire::AfterEachDame
    } else {
        Teire::AfterAllDame
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_server_counts_teire_points_its_own_way() {
        let topology = std::sync::Arc::new(rules_core::Topology::square(5).unwrap());
        let mut r = GameRecord::new(topology);
        assert_eq!(teire_of(&r), Teire::AfterAllDame);
        r.info.place = Some("OGS: http://online-go.com/game/60223".to_owned());
        assert_eq!(teire_of(&r), Teire::AsTerritory);
        r.info.place = Some("The KGS Go Server at http://www.gokgs.com/".to_owned());
        assert_eq!(teire_of(&r), Teire::AfterAllDame);
        r.info.place = None;
        r.info.application = Some("YuanYu".to_owned());
        assert_eq!(
            teire_of(&r),
            Teire::AfterAllDame,
            "a YuanYu record from elsewhere"
        );
        r.rules = Some("Japanese".to_owned());
        assert_eq!(teire_of(&r), Teire::AfterEachDame, "Fox");
        let estimates = Estimates::default();
        assert_eq!(estimates.for_record(&r).options.teire, Teire::AfterEachDame);
    }
}
