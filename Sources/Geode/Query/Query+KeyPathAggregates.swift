import Foundation
import GeodeCore
import GeodeGeo

/// The value types whose aggregates a query can compare: integers, floating
/// point numbers, `Decimal128`, `Date` (smallest and largest only; the engine
/// refuses its sum and mean), `AnyRealmValue`, and optionals of them.
///
/// ```swift
/// realm.objects(Person.self).where { $0.dogs.weight.avg > 12.5 }   // weight: Double
/// ```
public protocol _QueryNumeric {}
extension Int: _QueryNumeric {}
extension Int8: _QueryNumeric {}
extension Int16: _QueryNumeric {}
extension Int32: _QueryNumeric {}
extension Int64: _QueryNumeric {}
extension Float: _QueryNumeric {}
extension Double: _QueryNumeric {}
extension Decimal128: _QueryNumeric {}
extension Date: _QueryNumeric {}
extension AnyRealmValue: _QueryNumeric {}
extension Optional: _QueryNumeric where Wrapped: _QueryNumeric {}

// The aggregates of a property of the objects of a list, set or backlinks
// (`$0.dogs.age.min`, `dogs.@min.age`): the path notes where the collection
// ends (see `Query.collectionEnd`), and the aggregate goes there. On a
// property reached through no collection the engine refuses the path, as
// Realm does (`age.@min`).

extension Query where T: _QueryNumeric {
    /// The smallest value of this property among the objects of the
    /// collection the path goes through; null for an empty collection.
    ///
    /// ```swift
    /// realm.objects(Person.self).where { $0.dogs.age.min > 2 }   // dogs.@min.age > 2
    /// ```
    public var min: Query<T> { aggregate(.min) }

    /// The largest value of this property among the objects of the
    /// collection the path goes through; null for an empty collection.
    ///
    /// ```swift
    /// realm.objects(Person.self).where { $0.dogs.age.max <= 10 }   // dogs.@max.age <= 10
    /// ```
    public var max: Query<T> { aggregate(.max) }

    /// The sum of this property over the objects of the collection the path
    /// goes through; 0 for an empty collection.
    ///
    /// ```swift
    /// realm.objects(Order.self).where { $0.items.price.sum >= 100 }   // items.@sum.price >= 100
    /// ```
    public var sum: Query<T> { aggregate(.sum) }

    /// The mean of this property over the objects of the collection the path
    /// goes through; null for an empty collection.
    ///
    /// ```swift
    /// realm.objects(Person.self).where { $0.dogs.age.avg < 5 }   // dogs.@avg.age < 5
    /// ```
    public var avg: Query<T> { aggregate(.avg) }
}

extension Query where T: _CustomPersistable, T.PersistedType: _QueryNumeric {
    /// The smallest stored value of this mapped property among the objects of
    /// the collection the path goes through.
    ///
    /// ```swift
    /// realm.objects(Team.self).where { $0.players.score.min > Score(10) }   // players.@min.score
    /// ```
    public var min: Query<T> { aggregate(.min) }

    /// The largest stored value of this mapped property among the objects of
    /// the collection the path goes through.
    ///
    /// ```swift
    /// realm.objects(Team.self).where { $0.players.score.max < Score(90) }   // players.@max.score
    /// ```
    public var max: Query<T> { aggregate(.max) }

    /// The sum of the stored values of this mapped property over the objects
    /// of the collection the path goes through.
    ///
    /// ```swift
    /// realm.objects(Team.self).where { $0.players.score.sum == Score(120) }   // players.@sum.score
    /// ```
    public var sum: Query<T> { aggregate(.sum) }

    /// The mean of the stored values of this mapped property over the objects
    /// of the collection the path goes through.
    ///
    /// ```swift
    /// realm.objects(Team.self).where { $0.players.score.avg >= Score(40) }   // players.@avg.score
    /// ```
    public var avg: Query<T> { aggregate(.avg) }
}

extension Query where T: _OptionalCustomPersistable, T._Wrapped.PersistedType: _QueryNumeric {
    /// The smallest stored value of this optional mapped property among the
    /// objects of the collection the path goes through.
    ///
    /// ```swift
    /// realm.objects(Team.self).where { $0.players.bonus.min > Score(10) }   // bonus: Score?
    /// ```
    public var min: Query<T> { aggregate(.min) }

    /// The largest stored value of this optional mapped property among the
    /// objects of the collection the path goes through.
    ///
    /// ```swift
    /// realm.objects(Team.self).where { $0.players.bonus.max < Score(90) }   // bonus: Score?
    /// ```
    public var max: Query<T> { aggregate(.max) }

    /// The sum of the stored values of this optional mapped property over the
    /// objects of the collection the path goes through.
    ///
    /// ```swift
    /// realm.objects(Team.self).where { $0.players.bonus.sum == Score(120) }   // bonus: Score?
    /// ```
    public var sum: Query<T> { aggregate(.sum) }

    /// The mean of the stored values of this optional mapped property over
    /// the objects of the collection the path goes through.
    ///
    /// ```swift
    /// realm.objects(Team.self).where { $0.players.bonus.avg >= Score(40) }   // bonus: Score?
    /// ```
    public var avg: Query<T> { aggregate(.avg) }
}
